import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { isConditionalFailure } from '../adapters/table';
import { keys } from './keys';

/** Five failed sign-ins for one email lock it for the rest of a 15-minute window. */
export const MAX_FAILURES = 5;
const WINDOW_SECONDS = 15 * 60;

export const isThrottled = async (email: string): Promise<boolean> => {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: functionConfig().tableName,
      Key: keys.throttle(email),
      ConsistentRead: true,
    }),
  );
  return Boolean(out.Item && out.Item.expiresAt > Date.now() / 1000 && out.Item.failures >= MAX_FAILURES);
};

export const recordFailure = async (email: string): Promise<void> => {
  const now = Math.floor(Date.now() / 1000);
  // A window that ended starts afresh; otherwise the count grows within it.
  await dynamoClient()
    .send(
      new UpdateCommand({
        TableName: functionConfig().tableName,
        Key: keys.throttle(email),
        UpdateExpression:
          'SET failures = if_not_exists(failures, :zero) + :one, expiresAt = if_not_exists(expiresAt, :end)',
        ConditionExpression: 'attribute_not_exists(expiresAt) OR expiresAt > :now',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':end': now + WINDOW_SECONDS, ':now': now },
      }),
    )
    .catch(async (err) => {
      if (!isConditionalFailure(err)) throw err;
      await dynamoClient().send(
        new UpdateCommand({
          TableName: functionConfig().tableName,
          Key: keys.throttle(email),
          UpdateExpression: 'SET failures = :one, expiresAt = :end',
          ExpressionAttributeValues: { ':one': 1, ':end': now + WINDOW_SECONDS },
        }),
      );
    });
};

export const clearFailures = async (email: string): Promise<void> => {
  await dynamoClient().send(
    new DeleteCommand({ TableName: functionConfig().tableName, Key: keys.throttle(email) }),
  );
};
