/**
 * The job table: one SQS queue (with its dead-letter queue) and one job Lambda per entry.
 * The CDK stack and the local cloud both derive their queues and consumers from it.
 * A job's handler lives in `functions/src/jobs/<name>.ts` and exports `handler` (an SQS handler
 * that reports partial batch failures).
 */
export interface JobDef {
  /** Seconds a job Lambda may run; the queue's visibility timeout is six times this. */
  timeoutSeconds: number;
  batchSize: number;
  /** Deliveries before a message is parked in the dead-letter queue. */
  maxReceiveCount: number;
  memoryMb: number;
  /**
   * Batches handled at once, at most: the SQS event source's maximum concurrency in AWS (2 or
   * more) and the local pollers' loops for the job. Without it Lambda scales as it likes, and one
   * machine handles one batch of the job at a time (jobs whose messages must not overlap, and
   * Chromium's memory, keep it so).
   */
  concurrency?: number;
}

export const jobs = {
  // One batch per message: a batch is one transaction, and waiting for confirmations is by retry.
  anchor: { timeoutSeconds: 120, batchSize: 1, maxReceiveCount: 10, memoryMb: 1024 },
  // A large upload per message (functions/src/domain/uploads/uploads.ts); its record shows the progress.
  import: { timeoutSeconds: 300, batchSize: 1, maxReceiveCount: 3, memoryMb: 1024 },
  // A chunk of up to 200 invitations of one run per message.
  invite: { timeoutSeconds: 120, batchSize: 1, maxReceiveCount: 3, memoryMb: 512 },
  // Workspace runs (functions/src/domain/runs.ts), one chunk of rows per message. Rendering needs
  // Chromium's memory; a chunk is sized to finish well inside the timeout.
  generate: { timeoutSeconds: 900, batchSize: 1, maxReceiveCount: 3, memoryMb: 3008 },
  // Builds the batch of one issue request and hands it to `anchor`; due scheduled requests too.
  issue: { timeoutSeconds: 300, batchSize: 1, maxReceiveCount: 5, memoryMb: 1024 },
  // A chunk of 100 mails per message; a run's chunks go out a few at a time (idempotent per row and chunk).
  send: { timeoutSeconds: 300, batchSize: 1, maxReceiveCount: 3, memoryMb: 512, concurrency: 4 },
  download: { timeoutSeconds: 900, batchSize: 1, maxReceiveCount: 3, memoryMb: 2048 },
  // SES event publishing (delivery, bounce, complaint) through SNS; counted once per mail and event.
  mailevents: { timeoutSeconds: 30, batchSize: 10, maxReceiveCount: 5, memoryMb: 256 },
  // A test mail of a template (POST /api/mail-templates/test): the composer and the SMTP client stay out
  // of the HTTP functions. Tried twice; its run says how it went.
  'mail-test': { timeoutSeconds: 60, batchSize: 1, maxReceiveCount: 2, memoryMb: 512 },
  // Mails the organisation a paid verification request: SES stays out of the public function that
  // carries the `stripe` library (its 1 MB budget).
  'request-mail': { timeoutSeconds: 30, batchSize: 1, maxReceiveCount: 3, memoryMb: 256 },
} as const satisfies Record<string, JobDef>;

export type JobName = keyof typeof jobs;
export const jobNames = Object.keys(jobs) as JobName[];
