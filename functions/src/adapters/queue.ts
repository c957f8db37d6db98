import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from './aws';
import { env } from './env';
import type { JobName } from '../jobs';

/** Hands work to a job. The message carries ids only; the job reads its state from DynamoDB. */
export const enqueueJob = async (job: JobName, message: Record<string, unknown>): Promise<void> => {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: env.queueUrl(job), MessageBody: JSON.stringify(message) }),
  );
};
