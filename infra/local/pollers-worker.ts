import { parentPort, workerData } from 'node:worker_threads';
import { SQSClient } from '@aws-sdk/client-sqs';
import { jobWorkers } from './function-workers';
import { startPollers } from './pollers';
import { localClientConfig } from './provision';
import { serveThread } from './service-thread';
import { WARM_JOBS, type PollersSetup } from './pollers-thread';

/*
 * The thread of the queue pollers (pollers-thread.ts): Lambda's event source mappings, each job's
 * handler in a worker of its own (function-workers.ts), started from here.
 */
const setup = workerData as PollersSetup;

await serveThread(async () => {
  const sqs = new SQSClient(localClientConfig(setup.sqsEndpoint));
  const jobHandlers = jobWorkers();
  const pollers = startPollers({
    sqs,
    queueUrls: setup.queueUrls,
    queueArns: setup.queueArns,
    region: setup.region,
    loadJob: jobHandlers.loadJob,
    retryDelaySeconds: setup.retryDelaySeconds,
  });
  parentPort!.on('message', (msg: unknown) => {
    if (msg === WARM_JOBS) void jobHandlers.warmAll();
  });
  return {
    ready: true,
    stop: async () => {
      await pollers.stop();
      await jobHandlers.stop();
      sqs.destroy();
    },
  };
});
