import { runGenerateChunk, settleGenerateFailed } from '../domain/workspace/generate';
import { sqsJob } from './sqs-job';

/** One chunk of a generate run per message (domain/workspace/generate.ts). */
export const handler = sqsJob(
  'generate',
  // On the last delivery the run records the failure before the message is parked.
  (msg, delivery) => runGenerateChunk(msg, delivery.last),
  settleGenerateFailed,
);
