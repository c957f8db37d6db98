import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from './aws-dynamo';
import { functionConfig } from './function-config';

/** Every item a query matches, across DynamoDB's 1 MB pages. */
export const queryAll = async <T = Record<string, unknown>>(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<T[]> => {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamoClient().send(
      new QueryCommand({ ...input, TableName: functionConfig().tableName, ExclusiveStartKey: start }),
    );
    items.push(...((out.Items ?? []) as T[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
};

export const isConditionalFailure = (err: unknown) =>
  (err as { name?: string })?.name === 'ConditionalCheckFailedException';

/**
 * Runs a conditional write: true when it was written, false when its condition did not hold
 * (someone else got there first, or it was already done). Any other error is thrown.
 */
export const conditionHolds = async (write: Promise<unknown>): Promise<boolean> => {
  try {
    await write;
    return true;
  } catch (err) {
    if (isConditionalFailure(err)) return false;
    throw err;
  }
};

/** `SET #k0 = :v0, …` with its names and values, for an update of plain top-level attributes. */
export const setExpression = (changes: Record<string, unknown>) => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(changes).map(([k, v], i) => {
    names[`#k${i}`] = k;
    values[`:v${i}`] = v;
    return `#k${i} = :v${i}`;
  });
  return {
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
};
