import type { JobName } from '../../functions/src/jobs';
import { startServiceThread } from './service-thread';

export interface PollersSetup {
  sqsEndpoint: string;
  queueUrls: Record<JobName, string>;
  queueArns: Record<JobName, string>;
  region: string;
  retryDelaySeconds: number;
}

/**
 * The queue pollers (pollers.ts) in a thread of their own: every job polls its queue about once a
 * second, and each receive, delete and visibility change is an SDK call (signing, parsing) that on
 * the main thread delayed the gateway's answers. The jobs' handlers each run in a worker started
 * from that thread.
 */
export const startPollersThread = async (setup: PollersSetup) =>
  (await startServiceThread<true>('queue pollers', new URL('./pollers-worker.ts', import.meta.url), { ...setup }))
    .stop;
