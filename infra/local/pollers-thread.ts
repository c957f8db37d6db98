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
 * from that thread; `warmJobs` starts them all ahead of their first message.
 */
export const startPollersThread = async (setup: PollersSetup) => {
  const thread = await startServiceThread<true>(
    'queue pollers',
    new URL('./pollers-worker.ts', import.meta.url),
    { ...setup },
  );
  return { stop: thread.stop, warmJobs: () => thread.post(WARM_JOBS) };
};

/** The message that asks the pollers' thread to warm every job's worker. */
export const WARM_JOBS = 'warm-jobs';
