import { jobs } from '../jobs';
import { runSendChunk } from '../domain/workspace/send';
import { sqsJob } from './sqs-job';

export const handler = sqsJob(
  'send',
  // On the last delivery a failing mail is counted as the run's failure instead of retried.
  (msg, record) =>
    runSendChunk(msg, Number(record.attributes?.ApproximateReceiveCount ?? 1) >= jobs.send.maxReceiveCount),
);
