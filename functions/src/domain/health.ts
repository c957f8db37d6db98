import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import type { DependencyName, HealthResponse } from '@proofmark/shared/api/system';
import { cognitoClient } from '../adapters/aws-cognito';
import { dynamoClient } from '../adapters/aws-dynamo';
import { s3Client } from '../adapters/aws-s3';
import { sesClient } from '../adapters/aws-ses';
import { sqsClient } from '../adapters/aws-sqs';
import { functionConfig } from '../adapters/function-config';
import { jobNames } from '../jobs';
import { bucketNames } from '../environment-names';

type Check = () => Promise<unknown>;

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref()),
  ]);

const chainCheck: Check = async () => {
  const res = await fetch(functionConfig().chains.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  });
  const body = (await res.json()) as { result?: string; error?: { message: string } };
  if (!body.result) throw new Error(body.error?.message ?? `HTTP ${res.status}`);
};

const checks: Record<DependencyName, Check> = {
  dynamodb: () => dynamoClient().send(new DescribeTableCommand({ TableName: functionConfig().tableName })),
  s3: () =>
    Promise.all(
      bucketNames.map((b) => s3Client().send(new HeadBucketCommand({ Bucket: functionConfig().bucket(b) }))),
    ),
  sqs: () =>
    Promise.all(
      jobNames.map((j) =>
        sqsClient().send(
          new GetQueueAttributesCommand({
            QueueUrl: functionConfig().queueUrl(j),
            AttributeNames: ['QueueArn'],
          }),
        ),
      ),
    ),
  cognito: () =>
    cognitoClient().send(new DescribeUserPoolCommand({ UserPoolId: functionConfig().userPoolId })),
  ses: () => sesClient().send(new GetAccountCommand({})),
  chain: chainCheck,
};

/** Probes every dependency in parallel; one that is down or slow makes the service "degraded". */
export const checkHealth = async (timeoutMs = 3000): Promise<HealthResponse['Data']> => {
  const entries = await Promise.all(
    (Object.keys(checks) as DependencyName[]).map(async (name) => {
      const started = Date.now();
      try {
        await withTimeout(checks[name](), timeoutMs);
        return [name, { up: true, ms: Date.now() - started }] as const;
      } catch (err) {
        return [name, { up: false, ms: Date.now() - started, error: (err as Error).message }] as const;
      }
    }),
  );
  const dependencies = Object.fromEntries(entries) as HealthResponse['Data']['dependencies'];
  return { status: entries.every(([, d]) => d.up) ? 'up' : 'degraded', dependencies };
};
