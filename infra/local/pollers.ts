import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { jobs, jobNames, type JobDef, type JobName } from '../../functions/src/jobs';
import { invocationContext, invokeWithTimeout } from './function-timeout';

type JobHandler = (event: SQSEvent, context: unknown) => Promise<SQSBatchResponse | void>;

export interface PollerOptions {
  sqs: SQSClient;
  queueUrls: Record<JobName, string>;
  queueArns: Record<JobName, string>;
  region: string;
  /** The job's handler for one of its polling loops (`slot`, 0 to its concurrency − 1). */
  loadJob: (job: JobName, slot: number) => Promise<JobHandler>;
  /**
   * In AWS a failed message comes back after the queue's visibility timeout (minutes). Locally a
   * failed message is made visible again after this many seconds × its receive count, so retries
   * and the dead-letter redrive happen while you watch. The redrive itself is SQS's own.
   */
  retryDelaySeconds: number;
  /** The jobs to poll (default: all of jobs.ts). */
  only?: JobName[];
  /** Seconds a job's handler may run (default: its timeoutSeconds in jobs.ts, as the stack deploys it). */
  timeoutSeconds?: (job: JobName) => number;
}

const RECEIVE_TIMEOUT_MS = 120_000;

/**
 * Seconds a receive waits for a message. The local queue answers a long poll as soon as it holds as
 * many messages as were asked for (checked every 10 ms), else when the wait is over. So a job that
 * takes one message at a time waits SQS's longest (20 s) and still gets each message within
 * milliseconds; polling every second instead cost about a fifth of a core (a dozen loops, each
 * receive an SDK call). A job that takes up to ten waits 1 s: a longer wait would hold back a
 * message that arrives alone until the wait is over.
 */
export const receiveWaitSeconds = (batchSize: number) => (batchSize === 1 ? 20 : 1);

/**
 * A local cloud's choice, not Lambda's: more loops for a job whose messages then run side by side
 * in its first loop's worker (one sandbox), where Lambda would give each its own. A generate chunk
 * keeps that worker's one browser busy (render/kept-renderer.ts; a second browser on the same two
 * cores was slower): with a second loop the next chunk reads its rows and prepares its design while
 * one renders, and waits for the browser, and the one done rendering writes its last PDFs and marks
 * while the next renders. One loop left the browser idle 0.5–1.5 s between chunks.
 */
const SHARED_WORKER_LOOPS: Partial<Record<JobName, number>> = { generate: 1 };

/**
 * The polling loops of these jobs, each as [job, slot]: as many per job as the stack lets Lambda
 * run batches of it at once (jobs.ts concurrency), each slot a worker of its own, and the loops that
 * share the first slot's worker.
 */
const pollingLoops = (names: readonly JobName[]): [JobName, number][] =>
  names.flatMap((job) => {
    const def: JobDef = jobs[job];
    return [
      ...Array.from({ length: def.concurrency ?? 1 }, (_, slot): [JobName, number] => [job, slot]),
      ...Array.from({ length: SHARED_WORKER_LOOPS[job] ?? 0 }, (): [JobName, number] => [job, 0]),
    ];
  });

/** Stand-in for Lambda's SQS event source mapping: batch size, maximum concurrency and partial batch failures honoured. */
export const startPollers = (opts: PollerOptions) => {
  let running = true;
  const inflight = new Set<AbortController>();

  const settled = async (call: () => Promise<unknown>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (err) {
        if (!running || attempt >= 120) throw err;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  };

  const pollOnce = async (job: JobName, slot: number) => {
    const abort = new AbortController();
    inflight.add(abort);
    try {
      const out = await opts.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: opts.queueUrls[job],
          MaxNumberOfMessages: Math.min(jobs[job].batchSize, 10),
          WaitTimeSeconds: receiveWaitSeconds(jobs[job].batchSize),
          // The receive count is only returned for the deprecated 'All' spelling on the local server.
          AttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
        // A receive whose answer is dropped leaves its messages invisible for the queue's whole
        // visibility timeout (as in SQS). When this process is paused (a laptop's sleep), a request
        // timer that expired meanwhile fires before the answer waiting on the socket is read, so
        // the long poll gets far more than the usual timeout (pauses of up to two minutes lose nothing).
        { abortSignal: abort.signal, requestTimeout: RECEIVE_TIMEOUT_MS },
      );
      const messages = out.Messages ?? [];
      if (!messages.length) return;
      const records: SQSRecord[] = messages.map((m) => ({
        messageId: m.MessageId!,
        receiptHandle: m.ReceiptHandle!,
        body: m.Body ?? '',
        attributes: {
          ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
          SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
          SenderId: m.Attributes?.SenderId ?? 'local',
          ApproximateFirstReceiveTimestamp:
            m.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: m.MD5OfBody ?? '',
        eventSource: 'aws:sqs',
        eventSourceARN: opts.queueArns[job],
        awsRegion: opts.region,
      }));

      let failedIds: Set<string>;
      try {
        const handler = await opts.loadJob(job, slot);
        const timeout = opts.timeoutSeconds?.(job) ?? jobs[job].timeoutSeconds;
        const functionName = `local-job-${job}`;
        const invocation = await invokeWithTimeout(timeout, () =>
          handler({ Records: records }, invocationContext(functionName, timeout)),
        );
        if (invocation.timedOut) {
          // As Lambda: the batch is neither deleted nor released, so its messages come back after the
          // queue's visibility timeout (six times the function's) and are retried, or parked.
          console.error(`job ${job}: Task timed out after ${timeout} seconds; the batch comes back later`);
          return;
        }
        const result = invocation.value;
        const reported = result?.batchItemFailures ?? [];
        // As in Lambda: an unknown or empty identifier fails the whole batch.
        const known = new Set(records.map((r) => r.messageId));
        failedIds = reported.some((f) => !f.itemIdentifier || !known.has(f.itemIdentifier))
          ? known
          : new Set(reported.map((f) => f.itemIdentifier));
      } catch (err) {
        console.error(`job ${job} threw; the whole batch will be retried`, err);
        failedIds = new Set(records.map((r) => r.messageId));
      }

      const done = records.filter((r) => !failedIds.has(r.messageId));
      const failed = records.filter((r) => failedIds.has(r.messageId));
      // The event source mapping's own calls: retried while the queue is unreachable, since a batch
      // left as received would stay invisible for the whole visibility timeout (six times the job's).
      if (done.length)
        await settled(() =>
          opts.sqs.send(
            new DeleteMessageBatchCommand({
              QueueUrl: opts.queueUrls[job],
              Entries: done.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })),
            }),
          ),
        );
      if (failed.length)
        await settled(() =>
          opts.sqs.send(
            new ChangeMessageVisibilityBatchCommand({
              QueueUrl: opts.queueUrls[job],
              Entries: failed.map((r, i) => ({
                Id: String(i),
                ReceiptHandle: r.receiptHandle,
                VisibilityTimeout: opts.retryDelaySeconds * Number(r.attributes.ApproximateReceiveCount),
              })),
            }),
          ),
        );
    } finally {
      inflight.delete(abort);
    }
  };

  const loops = pollingLoops(opts.only ?? jobNames).map(async ([job, slot]) => {
    while (running) {
      try {
        await pollOnce(job, slot);
      } catch (err) {
        if (!running) break;
        console.error(`poller for ${job} failed; retrying in 1 s`, (err as Error).message);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  });

  return {
    stop: async () => {
      running = false;
      for (const a of inflight) a.abort();
      await Promise.allSettled(loops);
    },
  };
};
