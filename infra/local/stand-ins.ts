import { Worker } from 'node:worker_threads';
import type { MailEvent } from './ses-events';
import type { RunningServer } from './servers/child';

type Served = { url: string; port: number };
export interface StandInsSetup {
  /** stand-ins-worker.ts's URL, for tsx-worker.mjs. */
  entry: string;
  s3: { port: number; dir: string };
  sqs: { port: number };
  ses: { port: number };
  chain: { port: number; dir: string };
}
export type StandInsAnswer =
  | { started: Record<'s3' | 'sqs' | 'ses' | 'chain', Served>; faucetPrivateKey: string }
  | { error: { message: string; stack?: string } }
  | { mailEvent: MailEvent }
  | 'stopped';

/**
 * The local S3 (s3rver), queue (local-aws-sqs), mail server (aws-ses-v2-local and its event
 * stand-in) and chain (ganache), in one worker thread: on the main thread they shared one event
 * loop with the gateway, so every upload, mined block or long poll delayed every answer (the load
 * bench's /api/health p95). They are servers on loopback ports either way; only SES's events cross
 * back, to be queued by `onMailEvent`'s receiver.
 */
export const startStandIns = (setup: Omit<StandInsSetup, 'entry'>) =>
  new Promise<
    RunningServer & {
      servers: Record<'s3' | 'sqs' | 'ses' | 'chain', Served>;
      faucetPrivateKey: string;
      onMailEvent: (publish: (e: MailEvent) => Promise<void>) => void;
    }
  >((resolve, reject) => {
    const worker = new Worker(new URL('./tsx-worker.mjs', import.meta.url), {
      workerData: {
        ...setup,
        entry: new URL('./stand-ins-worker.ts', import.meta.url).href,
      } satisfies StandInsSetup,
    });
    let publish: ((e: MailEvent) => Promise<void>) | undefined;
    let stopped: (() => void) | undefined;
    let stopping = false;
    worker.on('message', (msg: StandInsAnswer) => {
      if (msg === 'stopped') return stopped?.();
      if ('mailEvent' in msg) {
        publish?.(msg.mailEvent).catch((e) => console.error('publishing a mail event:', e));
        return;
      }
      if ('error' in msg) {
        void worker.terminate();
        return reject(Object.assign(new Error(msg.error.message), { stack: msg.error.stack }));
      }
      resolve({
        name: 'stand-ins',
        url: '',
        servers: msg.started,
        faucetPrivateKey: msg.faucetPrivateKey,
        onMailEvent: (p) => void (publish = p),
        stop: async () => {
          stopping = true;
          const done = new Promise<void>((r) => (stopped = r));
          worker.postMessage('stop');
          // Servers that do not close in time are ended with the thread.
          await Promise.race([done, new Promise((r) => setTimeout(r, 5000).unref())]);
          await worker.terminate();
        },
      });
    });
    // After the start, a worker that fails is said loudly: S3, the queue, mail and the chain are gone.
    worker.on('error', (err) => (reject(err), console.error("the stand-in servers' worker failed:", err)));
    worker.on('exit', (code) => {
      const err = new Error(`the stand-in servers' worker exited (${code})`);
      reject(err);
      if (!stopping) console.error(err.message);
    });
  });
