import * as z from 'zod';
import type { JobName } from './jobs';

/**
 * What each job queue carries: ids only (the job reads its state from DynamoDB). Senders are typed
 * by these (adapters/queue.ts enqueueJob) and each job parses its messages with them
 * (jobs/sqs-job.ts), so a message that would not parse cannot be sent from our code.
 */
export const jobMessages = {
  anchor: z.object({ orgId: z.string().min(1), batchId: z.string().min(1) }),
  import: z.object({ orgId: z.string().min(1), uploadId: z.string().min(1) }),
  invite: z.object({
    orgId: z.string().min(1),
    runId: z.string().min(1),
    chunk: z.number().int().min(0),
    certtype: z.string().min(1),
    items: z.array(z.string()).min(1),
  }),
  generate: z.object({ orgId: z.string().min(1), runId: z.string().min(1), chunk: z.number().int().min(0) }),
  issue: z.object({ orgId: z.string().min(1), runId: z.string().min(1) }),
  send: z.object({
    orgId: z.string().min(1),
    runId: z.string().min(1),
    chunk: z.number().int().min(0),
    certtype: z.string().min(1),
    items: z.array(z.string()).min(1),
  }),
  download: z.object({
    orgId: z.string().min(1),
    runId: z.string().min(1),
    chunk: z.number().int().min(0),
    certtype: z.string().min(1),
  }),
} satisfies Record<JobName, z.ZodType>;

export type JobMessage<J extends JobName> = z.infer<(typeof jobMessages)[J]>;
