import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requestHandler } from './aws-request';

let dynamo: DynamoDBDocumentClient | undefined;

const client = () => {
  const base = new DynamoDBClient({ requestHandler });
  // The SDK's logger middleware builds a redacted copy of every response for its logger even when
  // that logger drops it (no logger is set): on a large query that copy cost nearly as much CPU as
  // parsing the answer. We log our own calls (Powertools), never the SDK's.
  base.middlewareStack.remove('loggerMiddleware');
  return base;
};

export const dynamoClient = () =>
  (dynamo ??= DynamoDBDocumentClient.from(client(), {
    marshallOptions: { removeUndefinedValues: true },
  }));
