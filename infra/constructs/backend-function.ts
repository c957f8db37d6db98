import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Stack, type Duration } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { jobNames, type JobName } from '../../functions/src/jobs';
import { cdkBundling, type LambdaBundle } from '../bundling';
import { userAdminActions, type FunctionAccess } from '../permissions';
import { envNames, type BucketName } from '../resources';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Everything a backend function may reach: the same for HTTP and job handlers. */
export interface Backend {
  table: ITable;
  buckets: Record<BucketName, IBucket>;
  queues: Record<JobName, IQueue>;
  userPool: IUserPool;
  userPoolId: string;
  userPoolClientId: string;
  secretsKey: IKey;
  /** The platform's Stripe keys (constructs/stripe-keys.ts): read only by the functions that pay. */
  stripeKeys: ISecret;
  /** The sending identity, and the configuration set that publishes tracked mails' events. */
  mail: { identity: IEmailIdentity; from: string; configurationSet: string };
  chain: { rpcUrl: string; network: string };
  /** Optional integrations (programme source, Bitcoin, confirmations), set only when configured. */
  optional?: Record<string, string>;
  publicBaseUrl: string;
  appBaseUrl: string;
}

/** resources.ts envNames, filled with this stack's resources. */
export const backendEnvironment = (b: Backend): Record<string, string> => ({
  [envNames.table]: b.table.tableName,
  ...Object.fromEntries(
    (Object.keys(b.buckets) as BucketName[]).map((name) => [
      envNames.bucket(name),
      b.buckets[name].bucketName,
    ]),
  ),
  ...Object.fromEntries(jobNames.map((job) => [envNames.queueUrl(job), b.queues[job].queueUrl])),
  [envNames.userPoolId]: b.userPoolId,
  [envNames.userPoolClientId]: b.userPoolClientId,
  [envNames.mailFrom]: b.mail.from,
  [envNames.mailConfigurationSet]: b.mail.configurationSet,
  [envNames.chainRpcUrl]: b.chain.rpcUrl,
  [envNames.chainNetwork]: b.chain.network,
  [envNames.publicBaseUrl]: b.publicBaseUrl,
  [envNames.appBaseUrl]: b.appBaseUrl,
  // KMS accepts an ARN wherever it takes a key id, and an ARN is unambiguous across accounts.
  [envNames.kmsKeyId]: b.secretsKey.keyArn,
  ...b.optional,
});

export interface BackendFunctionProps {
  /** The handler module and what is installed beside it (infra/bundling.ts, shared with the bundle test). */
  bundle: LambdaBundle;
  description: string;
  timeout: Duration;
  memorySize: number;
  backend: Backend;
  /** What it may do in AWS (infra/permissions.ts); nothing else is granted. */
  access: FunctionAccess;
  /** Default arm64; a function whose native dependency ships for x64 only says so. */
  architecture?: Architecture;
}

/** A handler of functions/src, bundled by esbuild, with the shared environment and the grants every handler needs. */
export class BackendFunction extends NodejsFunction {
  /** What the function may do (infra/permissions.ts); cdk-nag acknowledgements follow it. */
  readonly access: FunctionAccess;

  constructor(scope: Construct, id: string, props: BackendFunctionProps) {
    // Its own role that may write only its own log group (no managed AWSLambdaBasicExecutionRole).
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH });
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    super(scope, id, {
      role,
      entry: join(repoRoot, props.bundle.entry),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: props.architecture ?? Architecture.ARM_64,
      timeout: props.timeout,
      memorySize: props.memorySize,
      loggingFormat: LoggingFormat.JSON,
      logGroup,
      environment: {
        ...backendEnvironment(props.backend),
        // Only the functions that pay learn where the Stripe keys are (read at their cold start).
        ...(props.access.stripe ? { [envNames.stripeSecretArn]: props.backend.stripeKeys.secretArn } : {}),
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: cdkBundling(props.bundle),
    });
    this.access = props.access;
    grantAccess(this, props.backend, props.access);
  }
}

/** Item-level DynamoDB actions; no function scans the table. */
const tableActions = {
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
  records: [
    'dynamodb:GetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
  ],
  none: [],
} as const;

const grantAccess = (fn: NodejsFunction, b: Backend, access: FunctionAccess): void => {
  if (access.table !== 'none') b.table.grant(fn, ...tableActions[access.table]);
  for (const [name, level] of Object.entries(access.buckets) as [BucketName, 'read' | 'readWrite'][]) {
    if (level === 'read') b.buckets[name].grantRead(fn);
    else b.buckets[name].grantReadWrite(fn);
  }
  for (const job of access.queues) b.queues[job].grantSendMessages(fn);
  // Envelope encryption (functions/src/adapters/envelope.ts): data keys are generated and decrypted.
  if (access.secrets) b.secretsKey.grant(fn, 'kms:GenerateDataKey', 'kms:Decrypt');
  if (access.mail) {
    b.mail.identity.grantSendEmail(fn);
    // SES authorises a send against its configuration set too.
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          Stack.of(fn).formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: b.mail.configurationSet,
          }),
        ],
      }),
    );
  }
  if (access.users) b.userPool.grant(fn, ...userAdminActions);
  // GetSecretValue (and DescribeSecret) on the Stripe secret alone.
  if (access.stripe) b.stripeKeys.grantRead(fn);
  if (access.health) grantHealthChecks(fn, b);
};

/** What functions/src/domain/health.ts reads to report every dependency honestly. */
const grantHealthChecks = (fn: NodejsFunction, b: Backend): void => {
  // The table itself only (table.grant would add its indexes as a wildcard).
  fn.addToRolePolicy(
    new PolicyStatement({ actions: ['dynamodb:DescribeTable'], resources: [b.table.tableArn] }),
  );
  // HeadBucket is authorised by s3:ListBucket on the bucket (no object is read).
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: Object.values(b.buckets).map((bucket) => bucket.bucketArn),
    }),
  );
  for (const job of jobNames) b.queues[job].grant(fn, 'sqs:GetQueueAttributes');
  b.userPool.grant(fn, 'cognito-idp:DescribeUserPool');
  // GetAccount has no resource to scope to (SES documents no resource type for it).
  fn.addToRolePolicy(new PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }));
};
