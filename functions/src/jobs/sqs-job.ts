import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../adapters/logger';
import { jobMessages, type JobMessage } from '../job-messages';
import { jobs, type JobName } from '../jobs';

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

/**
 * An SQS job handler that reports partial batch failures: a record that throws is retried by SQS
 * (and parked in the dead-letter queue after maxReceiveCount) while the rest of the batch is done.
 * A body that does not parse can never succeed, so it is logged and reported failed right away and
 * ends in the dead-letter queue for a person to look at — never silently dropped.
 */
export const sqsJob = <J extends JobName>(
  job: J,
  run: (message: JobMessage<J>, delivery: Delivery) => Promise<unknown>,
) =>
  middy<SQSEvent, SQSBatchResponse>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event) => {
      const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
      for (const record of event.Records) {
        logger.appendKeys({
          job,
          messageId: record.messageId,
          receiveCount: record.attributes?.ApproximateReceiveCount,
        });
        const message = parsed(job, record);
        if (!message) {
          batchItemFailures.push({ itemIdentifier: record.messageId });
          continue;
        }
        logger.appendKeys({ orgId: message.orgId });
        try {
          await run(message, deliveryOf(job, record));
        } catch (err) {
          logger.error('job failed', { error: err as Error });
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
        logger.removeKeys(['orgId']);
      }
      return { batchItemFailures };
    });
