import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';

/**
 * An SQS job handler that reports partial batch failures: a record that throws is retried by SQS
 * (and parked in the dead-letter queue after maxReceiveCount) while the rest of the batch is done.
 * A body that does not parse can never succeed, so it is logged and reported failed right away and
 * ends in the dead-letter queue for a person to look at — never silently dropped.
 */
export const sqsJob =
  <S extends z.ZodTypeAny>(
    name: string,
    schema: S,
    run: (message: z.infer<S>, record: SQSRecord) => Promise<unknown>,
  ) =>
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        const message = schema.parse(JSON.parse(record.body));
        await run(message, record);
      } catch (err) {
        console.error(
          JSON.stringify({
            level: 'error',
            job: name,
            messageId: record.messageId,
            receiveCount: record.attributes?.ApproximateReceiveCount,
            error: String(err),
          }),
        );
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
