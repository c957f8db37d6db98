import { jobs } from '../jobs';
import { runGenerateChunk } from '../domain/workspace/generate';
import { sqsJob } from './sqs-job';

/** One chunk of a generate run per message (domain/workspace/generate.ts). */
export const handler = sqsJob(
  'generate',
  // On the last delivery the run records the failure before the message is parked.
  (msg, record) =>
    runGenerateChunk(
      msg,
      Number(record.attributes?.ApproximateReceiveCount ?? 1) >= jobs.generate.maxReceiveCount,
    ),
);
