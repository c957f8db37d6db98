import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { jobNames, type JobName } from '../../functions/src/jobs';
import { SCHEDULED_PK } from '../../functions/src/adapters/scheduler';

/**
 * EventBridge Scheduler's stand-in on one machine: every couple of seconds, records marked
 * `SCHEDULED` in gsi2 whose time has come (functions/src/adapters/scheduler.ts) become pending jobs
 * (`PENDING#<job>`, the mark a restart re-enqueues from) and their message is queued. The swap of
 * marks is conditional, so a due record is queued once even if two ticks overlap; if the process
 * dies between the swap and the send, the next start's resume queues it.
 */
export const startLocalScheduler = (opts: {
  ddb: DynamoDBDocumentClient;
  sqs: SQSClient;
  tableName: string;
  queueUrls: Record<JobName, string>;
  everyMs?: number;
}) => {
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let tick: Promise<void> = Promise.resolve();

  const due = async () => {
    const now = new Date().toISOString();
    let start: Record<string, unknown> | undefined;
    do {
      const out = await opts.ddb.send(
        new QueryCommand({
          TableName: opts.tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :bound',
          ExpressionAttributeValues: { ':pk': SCHEDULED_PK, ':bound': `${now}#\uffff` },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) {
        const job = item.scheduledJob as JobName;
        if (!jobNames.includes(job) || typeof item.jobMessage !== 'string') continue;
        try {
          await opts.ddb.send(
            new UpdateCommand({
              TableName: opts.tableName,
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: 'SET gsi2pk = :pending, gsi2sk = :now REMOVE scheduledJob',
              ConditionExpression: 'gsi2pk = :scheduled AND gsi2sk = :sk',
              ExpressionAttributeValues: {
                ':pending': `PENDING#${job}`,
                ':now': new Date().toISOString(),
                ':scheduled': SCHEDULED_PK,
                ':sk': item.gsi2sk,
              },
            }),
          );
        } catch (err) {
          if ((err as { name?: string }).name === 'ConditionalCheckFailedException') continue;
          throw err;
        }
        await opts.sqs.send(
          new SendMessageCommand({ QueueUrl: opts.queueUrls[job], MessageBody: item.jobMessage }),
        );
      }
      start = out.LastEvaluatedKey;
    } while (start);
  };

  const loop = () => {
    if (!running) return;
    tick = due()
      .catch((err) => console.error('local scheduler failed; trying again', (err as Error).message))
      .finally(() => {
        if (running) timer = setTimeout(loop, opts.everyMs ?? 2000);
      });
  };
  loop();

  return {
    stop: async () => {
      running = false;
      if (timer) clearTimeout(timer);
      await tick;
    },
  };
};
