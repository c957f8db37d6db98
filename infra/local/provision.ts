import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { buckets, bucketNames, queueFor, table, userPool, type BucketName } from '../resources';
import { jobNames, type JobName } from '../../functions/src/jobs';

/** Every local client gets a timeout: some local servers never answer calls they do not support. */
export const localClientConfig = (endpoint: string) => ({
  endpoint,
  region: process.env.AWS_REGION ?? 'us-east-1',
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestHandler: { requestTimeout: 10_000, throwOnRequestTimeout: true },
});

export interface Provisioned {
  tableName: string;
  buckets: Record<BucketName, string>;
  queueUrls: Record<JobName, string>;
  dlqUrls: Record<JobName, string>;
  queueArns: Record<JobName, string>;
  userPoolId: string;
  userPoolClientId: string;
}

const indexDef = (g: (typeof table.globalIndexes)[number]) => ({
  IndexName: g.name,
  KeySchema: [
    { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
});

/** The table of resources.ts (another name: a second table, as the plans seeding test makes one). */
export const provisionTable = async (endpoint: string, tableName: string = table.localName) => {
  const ddb = new DynamoDBClient(localClientConfig(endpoint));
  const attr = (name: string) => ({ AttributeName: name, AttributeType: 'S' as const });
  try {
    await ddb.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: table.partitionKey, KeyType: 'HASH' },
          { AttributeName: table.sortKey, KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [
          attr(table.partitionKey),
          attr(table.sortKey),
          ...table.globalIndexes.flatMap((g) => [attr(g.partitionKey), attr(g.sortKey)]),
        ],
        GlobalSecondaryIndexes: table.globalIndexes.map(indexDef),
      }),
    );
  } catch (err) {
    if (!(err instanceof ResourceInUseException)) throw err;
    // A data directory from before an index was declared: the index is added (and filled) now.
    const { Table } = await ddb.send(new DescribeTableCommand({ TableName: tableName }));
    const have = new Set((Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
    for (const g of table.globalIndexes.filter((g) => !have.has(g.name))) {
      await ddb.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [attr(g.partitionKey), attr(g.sortKey)],
          GlobalSecondaryIndexUpdates: [{ Create: indexDef(g) }],
        }),
      );
    }
  }
  const ttl = await ddb.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await ddb.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
      }),
    );
  }
  ddb.destroy();
  return tableName;
};

const provisionBuckets = async (endpoint: string) => {
  const s3 = new S3Client({ ...localClientConfig(endpoint), forcePathStyle: true });
  for (const name of bucketNames) {
    const def = buckets[name];
    try {
      await s3.send(new CreateBucketCommand({ Bucket: def.localName }));
    } catch (err) {
      const code = (err as { name?: string }).name;
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw err;
    }
    if (def.cors.length) {
      await s3.send(
        new PutBucketCorsCommand({
          Bucket: def.localName,
          CORSConfiguration: {
            CORSRules: def.cors.map((r) => ({
              AllowedMethods: [...r.allowedMethods],
              AllowedOrigins: [...r.allowedOrigins],
              AllowedHeaders: [...r.allowedHeaders],
              ExposeHeaders: 'exposedHeaders' in r ? [...r.exposedHeaders] : undefined,
              MaxAgeSeconds: r.maxAgeSeconds,
            })),
          },
        }),
      );
    }
  }
  s3.destroy();
  return Object.fromEntries(bucketNames.map((b) => [b, buckets[b].localName])) as Record<BucketName, string>;
};

const provisionQueues = async (endpoint: string) => {
  const sqs = new SQSClient(localClientConfig(endpoint));
  const queueUrls = {} as Record<JobName, string>;
  const dlqUrls = {} as Record<JobName, string>;
  const queueArns = {} as Record<JobName, string>;
  for (const job of jobNames) {
    const q = queueFor(job);
    // The dead-letter queue must exist before the queue whose redrive policy names it.
    const dlq = await sqs.send(
      new CreateQueueCommand({
        QueueName: q.localDlqName,
        Attributes: { MessageRetentionPeriod: String(q.dlqRetentionDays * 86400) },
      }),
    );
    const dlqArn = (
      await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))
    ).Attributes?.QueueArn;
    const main = await sqs.send(
      new CreateQueueCommand({
        QueueName: q.localName,
        Attributes: {
          VisibilityTimeout: String(q.visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: q.maxReceiveCount }),
        },
      }),
    );
    queueUrls[job] = main.QueueUrl!;
    dlqUrls[job] = dlq.QueueUrl!;
    queueArns[job] = (
      await sqs.send(new GetQueueAttributesCommand({ QueueUrl: main.QueueUrl, AttributeNames: ['QueueArn'] }))
    ).Attributes!.QueueArn!;
  }
  sqs.destroy();
  return { queueUrls, dlqUrls, queueArns };
};

const provisionUserPool = async (endpoint: string) => {
  const cognito = new CognitoIdentityProviderClient(localClientConfig(endpoint));
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let poolId = pools.UserPools?.find((p) => p.Name === userPool.localName)?.Id;
  if (!poolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: userPool.localName,
        UsernameAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: userPool.passwordPolicy.minLength,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
        Schema: Object.entries(userPool.customAttributes).map(([name, a]) => ({
          Name: name,
          AttributeDataType: a.type,
          Mutable: a.mutable,
        })),
      }),
    );
    poolId = created.UserPool!.Id!;
  }
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: poolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === userPool.localClientName)?.ClientId;
  if (!clientId) {
    const created = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: poolId,
        ClientName: userPool.localClientName,
        ExplicitAuthFlows: userPool.authFlows.map((f) => `ALLOW_${f}` as const),
      }),
    );
    clientId = created.UserPoolClient!.ClientId!;
  }
  cognito.destroy();
  return { userPoolId: poolId, userPoolClientId: clientId };
};

/** Creates exactly what the CDK stack declares (from the same definitions); safe to run at every start. */
export const provision = async (endpoints: {
  dynamodb: string;
  s3: string;
  sqs: string;
  cognito: string;
}): Promise<Provisioned> => {
  const [tableName, bucketMap, queues, pool] = await Promise.all([
    provisionTable(endpoints.dynamodb),
    provisionBuckets(endpoints.s3),
    provisionQueues(endpoints.sqs),
    provisionUserPool(endpoints.cognito),
  ]);
  return { tableName, buckets: bucketMap, ...queues, ...pool };
};
