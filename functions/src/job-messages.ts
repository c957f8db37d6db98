import * as z from 'zod';
import type { JobName } from './jobs';

const id = z.string().min(1);
const ofRun = { orgId: id, runId: id };
/** One chunk of a run's work. */
const runChunk = { ...ofRun, chunk: z.number().int().min(0) };
/** A chunk of a run's rows of one certificate type. */
const rowsChunk = { ...runChunk, certtype: id, items: z.array(z.string()).min(1) };
/** The mail template version of each cohort, fixed when the run started (absent: the defaults). */
const mailTemplates = { templates: z.record(z.string(), z.number().int().min(0)).optional() };

/**
 * One event of SES event publishing (configuration set → SNS → this queue, raw delivery; on one
 * machine the local SES stand-in sends the same JSON): what the engagement counters read of it.
 */
export const sesMailEvent = z.looseObject({
  eventType: z.string().max(40),
  mail: z.looseObject({
    messageId: z.string().max(200),
    tags: z.record(z.string(), z.array(z.string().max(256))).optional(),
  }),
  bounce: z
    .looseObject({
      bounceType: z.string().max(40),
      bounceSubType: z.string().max(40).optional(),
      bouncedRecipients: z.array(z.looseObject({ emailAddress: z.string().max(320) })).max(100),
    })
    .optional(),
});
export type SesMailEvent = z.infer<typeof sesMailEvent>;

/**
 * What each job queue carries: ids only (the job reads its state from DynamoDB). Senders are typed
 * by these (adapters/queue.ts enqueueJob) and each job parses its messages with them
 * (jobs/sqs-job.ts), so a message that would not parse cannot be sent from our code.
 */
export const jobMessages = {
  anchor: z.object({ orgId: id, batchId: id }),
  import: z.object({ orgId: id, uploadId: id }),
  invite: z.object({ ...rowsChunk, ...mailTemplates }),
  generate: z.object(runChunk),
  issue: z.object(ofRun),
  send: z.object({ ...rowsChunk, ...mailTemplates }),
  download: z.object({ ...runChunk, certtype: id }),
  mailevents: sesMailEvent,
  'mail-test': z.object({
    ...ofRun,
    kind: z.enum(['certificate', 'invitation', 'openbadge']),
    cohortid: id,
    version: z.number().int().min(0),
    to: id,
  }),
  'request-mail': z.object({ orgId: id, requestId: id }),
} satisfies Record<JobName, z.ZodType>;

export type JobMessage<J extends JobName> = z.infer<(typeof jobMessages)[J]>;
