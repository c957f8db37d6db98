import * as z from 'zod';
import { jobs } from '../jobs';
import { runGenerateChunk } from '../domain/workspace/generate';
import { sqsJob } from './kit';

/** One chunk of a generate run per message (domain/workspace/generate.ts). */
export const handler = sqsJob(
  'generate',
  z.object({ orgId: z.string().min(1), runId: z.string().min(1), chunk: z.number().int().min(0) }),
  // On the last delivery the run records the failure before the message is parked.
  (msg, record) =>
    runGenerateChunk(
      msg,
      Number(record.attributes?.ApproximateReceiveCount ?? 1) >= jobs.generate.maxReceiveCount,
    ),
);
