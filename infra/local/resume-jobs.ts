import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { jobNames, type JobName } from '../../functions/src/jobs';

/**
 * The local SQS keeps no messages across a restart, so at start every unfinished job (a row marked
 * `PENDING#<job>` in gsi2, see functions/src/adapters/queue.ts) is queued again. Jobs are idempotent,
 * so a job that was also still queued elsewhere runs to the same end.
 */
export const resumeUnfinishedJobs = async (
  ddb: DynamoDBDocumentClient,
  sqs: SQSClient,
  tableName: string,
  queueUrls: Record<JobName, string>,
) => {
  let resumed = 0;
  for (const job of jobNames) {
    let start: Record<string, unknown> | undefined;
    do {
      const out = await ddb.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': `PENDING#${job}` },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) {
        if (typeof item.jobMessage !== 'string') continue;
        await sqs.send(new SendMessageCommand({ QueueUrl: queueUrls[job], MessageBody: item.jobMessage }));
        resumed++;
      }
      start = out.LastEvaluatedKey;
    } while (start);
  }
  return resumed;
};
