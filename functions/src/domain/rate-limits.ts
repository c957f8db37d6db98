import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { conditionHolds } from '../adapters/table';

/**
 * Fixed-window counters in the table, so a limit holds the same locally and in AWS and across
 * concurrent Lambdas: each window is its own item (keyed by its start), counted with one atomic
 * conditional update, and removed by TTL after it ended.
 */
export interface Limit {
  /** How many in one window. */
  max: number;
  windowSeconds: number;
}

const windowKey = (bucket: string, limit: Limit, nowSeconds: number) => {
  const start = nowSeconds - (nowSeconds % limit.windowSeconds);
  return { key: { pk: `LIMIT#${bucket}#${start}`, sk: 'LIMIT' }, end: start + limit.windowSeconds };
};

const now = () => Math.floor(Date.now() / 1000);

/** Counts one use; false (and nothing counted) when the window already holds `max`. */
export const takeOne = async (bucket: string, limit: Limit): Promise<boolean> => {
  const { key, end } = windowKey(bucket, limit, now());
  return conditionHolds(
    dynamoClient().send(
      new UpdateCommand({
        TableName: functionConfig().tableName,
        Key: key,
        UpdateExpression: 'ADD uses :one SET expiresAt = :end',
        ConditionExpression: 'attribute_not_exists(uses) OR uses < :max',
        ExpressionAttributeValues: { ':one': 1, ':end': end, ':max': limit.max },
      }),
    ),
  );
};

/** Counts one use without a ceiling and answers the count (for delays that grow with it). */
export const countOne = async (bucket: string, limit: Limit): Promise<number> => {
  const { key, end } = windowKey(bucket, limit, now());
  const out = await dynamoClient().send(
    new UpdateCommand({
      TableName: functionConfig().tableName,
      Key: key,
      UpdateExpression: 'ADD uses :one SET expiresAt = :end',
      ExpressionAttributeValues: { ':one': 1, ':end': end },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.uses ?? 1);
};

/** Uses counted in the current window. */
export const usesSoFar = async (bucket: string, limit: Limit): Promise<number> => {
  const { key } = windowKey(bucket, limit, now());
  const out = await dynamoClient().send(
    new GetCommand({ TableName: functionConfig().tableName, Key: key, ConsistentRead: true }),
  );
  return Number(out.Item?.uses ?? 0);
};

export const forget = async (bucket: string, limit: Limit): Promise<void> => {
  const { key } = windowKey(bucket, limit, now());
  await dynamoClient().send(new DeleteCommand({ TableName: functionConfig().tableName, Key: key }));
};

/**
 * Addresses exempt from per-client limits. Only the test harness sets it (to its own 127.0.0.1,
 * which every test shares); the stack never does, so in AWS every client is limited.
 */
export const clientExempt = (client: string) =>
  functionConfig().oneMachine.clientLimitExempt.includes(client);
