import { runSendChunk } from '../domain/workspace/send-job';
import { settleRowsChunkFailed } from '../domain/workspace/job-chunks';
import { sqsJob } from './sqs-job';

export const handler = sqsJob(
  'send',
  // On the last delivery a failing mail is counted as the run's failure instead of retried.
  (msg, delivery) => runSendChunk(msg, delivery.last),
  (msg, reason) => settleRowsChunkFailed(msg, reason, (r) => r.sendRun === msg.runId),
);
