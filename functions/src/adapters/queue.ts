import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from './aws-sqs';
import { functionConfig } from './function-config';
import type { JobName } from '../jobs';
import type { JobMessage } from '../job-messages';

/** Hands work to a job. The message carries ids only; the job reads its state from DynamoDB. */
export const enqueueJob = async <J extends JobName>(job: J, message: JobMessage<J>): Promise<void> => {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: functionConfig().queueUrl(job),
      MessageBody: JSON.stringify(message),
    }),
  );
};

/**
 * Marks a row as the state of an unfinished job: an index entry (gsi2 `PENDING#<job>`) holding the
 * message that drives it. A queue that loses messages (the local SQS keeps none across a restart)
 * can be refilled from these; the job removes the mark when it is done.
 */
export const pendingJobMark = <J extends JobName>(job: J, message: JobMessage<J>) => ({
  gsi2pk: `PENDING#${job}`,
  gsi2sk: new Date().toISOString(),
  jobMessage: JSON.stringify(message),
});
