import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import type { DependencyName } from '@proofmark/shared/contract/system';
import { jobNames } from '../jobs';
import { bucketNames } from '../environment-names';
import { cognitoClient } from './aws-cognito';
import { dynamoClient } from './aws-dynamo';
import { s3Client } from './aws-s3';
import { sesClient } from './aws-ses';
import { sqsClient } from './aws-sqs';
import { functionConfig } from './function-config';

type Check = () => Promise<unknown>;

const chainCheck: Check = async () => {
  const res = await fetch(functionConfig().chains.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  });
  const body = (await res.json()) as { result?: string; error?: { message: string } };
  if (!body.result) throw new Error(body.error?.message ?? `HTTP ${res.status}`);
};

/**
 * One cheap read-only call per dependency the service needs (the table, buckets, queues, user
 * pool, mail, chain): it resolves when the dependency answers, rejects otherwise.
 */
export const dependencyProbes: Record<DependencyName, Check> = {
  dynamodb: () => dynamoClient().send(new DescribeTableCommand({ TableName: functionConfig().tableName })),
  s3: () =>
    Promise.all(bucketNames.map((b) => s3Client().send(new HeadBucketCommand({ Bucket: functionConfig().bucket(b) })))),
  sqs: () =>
    Promise.all(
      jobNames.map((j) =>
        sqsClient().send(
          new GetQueueAttributesCommand({ QueueUrl: functionConfig().queueUrl(j), AttributeNames: ['QueueArn'] }),
        ),
      ),
    ),
  cognito: () => cognitoClient().send(new DescribeUserPoolCommand({ UserPoolId: functionConfig().userPoolId })),
  ses: () => sesClient().send(new GetAccountCommand({})),
  chain: chainCheck,
};
