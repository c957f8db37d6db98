import type { MailEvent } from './ses-events';
import type { RunningServer } from './servers/child';
import { startServiceThread } from './service-thread';

export interface StandInsSetup {
  s3: { port: number; dir: string };
  sqs: { port: number };
  ses: { port: number };
  chain: { port: number; dir: string };
}
export interface StandInsReady {
  servers: Record<'s3' | 'sqs' | 'ses' | 'chain', { url: string; port: number }>;
  faucetPrivateKey: string;
}

/**
 * The local S3 (s3rver), queue (local-aws-sqs), mail server (aws-ses-v2-local and its event
 * stand-in) and chain (ganache), in one thread of their own (stand-ins-worker.ts): on the main
 * thread they shared one event loop with the gateway, so every upload, mined block or long poll
 * delayed every answer (the load bench's /api/health p95). They are servers on loopback ports
 * either way; only SES's events cross back, to be queued by `onMailEvent`'s receiver.
 */
export const startStandIns = async (
  setup: StandInsSetup,
): Promise<RunningServer & StandInsReady & { onMailEvent: (p: (e: MailEvent) => Promise<void>) => void }> => {
  let publish: ((e: MailEvent) => Promise<void>) | undefined;
  const { ready, stop } = await startServiceThread<StandInsReady>(
    'stand-in servers',
    new URL('./stand-ins-worker.ts', import.meta.url),
    { ...setup },
    (msg) => {
      const { mailEvent } = msg as { mailEvent?: MailEvent };
      if (mailEvent) publish?.(mailEvent).catch((e) => console.error('publishing a mail event:', e));
    },
  );
  return { name: 'stand-ins', url: '', ...ready, onMailEvent: (p) => void (publish = p), stop };
};
