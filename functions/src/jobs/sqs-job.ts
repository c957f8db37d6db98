import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../adapters/logger';
import { jobMetrics } from '../adapters/metrics';
import { jobMessages, type JobMessage } from '../job-messages';
import { jobs, type JobName } from '../jobs';
import { jobFailureReason } from '../domain/job-failure';

const parsed = <J extends JobName>(job: J, record: SQSRecord): JobMessage<J> | undefined => {
  try {
    const result = jobMessages[job].safeParse(JSON.parse(record.body));
    if (result.success) return result.data as JobMessage<J>;
    logger.error('job message does not parse', { issues: result.error.issues });
  } catch (err) {
    logger.error('job message is not JSON', { error: err as Error });
  }
  return undefined;
};

/** What a job is told of a message's delivery: whether it is the last before the dead-letter queue. */
export interface Delivery {
  last: boolean;
}

const deliveryOf = (job: JobName, record: SQSRecord): Delivery => ({
  last: Number(record.attributes?.ApproximateReceiveCount ?? 1) >= jobs[job].maxReceiveCount,
});

const settle = async <J extends JobName>(
  job: J,
  settleFailed: SettleFailed<J>,
  message: JobMessage<J>,
  err: unknown,
) => {
  try {
    await settleFailed(message, jobFailureReason(err));
    logger.warn('job parked: its record is settled as failed', { parked: true });
  } catch (settling) {
    // The record stays as it was (the cause may still be there); the message is parked all the same.
    logger.error('job parked: settling its record failed', { error: settling as Error, parked: true });
  }
};

/**
 * Settles the job's user-visible record (the upload, the run, the batch's run) as failed with a
 * reason a user can read, on the delivery after which the message is parked: every unfinished row
 * marked, an issue that will not happen refunded. Safe to run twice and after partial work.
 */
export type SettleFailed<J extends JobName> = (message: JobMessage<J>, reason: string) => Promise<unknown>;

/**
 * An SQS job handler that reports partial batch failures: a record that throws is retried by SQS
 * (and parked in the dead-letter queue after maxReceiveCount) while the rest of the batch is done.
 * On the last delivery a record that throws is settled as failed first (`settleFailed`), so the
 * user sees the end of the work; it is still reported failed, so the message waits in the
 * dead-letter queue for an operator's redrive (npm run dlq). A body that does not parse can never
 * succeed, so it is logged and reported failed right away — never silently dropped. Each
 * invocation writes the job's metrics (adapters/metrics.ts): deliveries started, failed, parked.
 */
export const sqsJob = <J extends JobName>(
  job: J,
  run: (message: JobMessage<J>, delivery: Delivery) => Promise<unknown>,
  settleFailed: SettleFailed<J>,
  /**
   * The batch's messages at once (reads and writes grouped), for a job whose messages are small
   * and idempotent on their own (mail events). Should it throw, each message is run again by
   * itself, so only the ones that fail alone are retried and parked.
   */
  runBatch?: (messages: JobMessage<J>[]) => Promise<unknown>,
) => {
  const { metrics, count } = jobMetrics(job);
  return middy<SQSEvent, SQSBatchResponse>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics))
    .handler(async (event) => {
      const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
      let parked = 0;
      let records = event.Records;
      if (runBatch) {
        const messages = records.map((record) => parsed(job, record));
        const ok = messages.filter((m): m is JobMessage<J> => !!m);
        try {
          if (ok.length > 1) {
            await runBatch(ok);
            // What is left is only what does not parse: reported failed below.
            records = records.filter((_, i) => !messages[i]);
          }
        } catch (err) {
          logger.warn('job batch failed: its messages are run one by one', { error: err as Error });
        }
      }
      for (const record of records) {
        logger.appendKeys({
          job,
          messageId: record.messageId,
          receiveCount: record.attributes?.ApproximateReceiveCount,
        });
        const message = parsed(job, record);
        if (!message) {
          // It can never succeed: parked once its deliveries are used up.
          if (deliveryOf(job, record).last) parked++;
          batchItemFailures.push({ itemIdentifier: record.messageId });
          continue;
        }
        logger.appendKeys({ orgId: message.orgId });
        const delivery = deliveryOf(job, record);
        try {
          await run(message, delivery);
        } catch (err) {
          logger.error('job failed', { error: err as Error, lastDelivery: delivery.last });
          batchItemFailures.push({ itemIdentifier: record.messageId });
          if (delivery.last) {
            parked++;
            await settle(job, settleFailed, message, err);
          }
        }
        logger.removeKeys(['orgId']);
      }
      count({ started: event.Records.length, failed: batchItemFailures.length, parked });
      return { batchItemFailures };
    });
};
