import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requestHandler } from './aws-request';

let dynamo: DynamoDBDocumentClient | undefined;

export const dynamoClient = () =>
  (dynamo ??= DynamoDBDocumentClient.from(new DynamoDBClient({ requestHandler }), {
    marshallOptions: { removeUndefinedValues: true },
  }));
