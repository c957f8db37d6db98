import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { jobNames, type JobName } from '../../functions/src/jobs';
import { cdkBundling, type LambdaBundle } from '../bundling';
import { buckets as bucketDefs, envNames, type BucketName } from '../resources';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Everything a backend function may reach: the same for HTTP and job handlers. */
export interface Backend {
  table: ITable;
  buckets: Record<BucketName, IBucket>;
  queues: Record<JobName, IQueue>;
  userPoolId: string;
  userPoolClientId: string;
  secretsKey: IKey;
  mail: { identity: IEmailIdentity; from: string };
  chain: { rpcUrl: string; network: string };
  /** Optional integrations (programme source, Bitcoin, confirmations), set only when configured. */
  optional?: Record<string, string>;
  publicBaseUrl: string;
  appBaseUrl: string;
}

/** The SPA bucket is written only by the deployment, never by handlers. */
const handlerBuckets: BucketName[] = (Object.keys(bucketDefs) as BucketName[]).filter((b) => b !== 'web');

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
  /** Default arm64; a function whose native dependency ships for x64 only says so. */
  architecture?: Architecture;
}

/** A handler of functions/src, bundled by esbuild, with the shared environment and the grants every handler needs. */
export class BackendFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: BackendFunctionProps) {
    super(scope, id, {
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
      logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH }),
      environment: { ...backendEnvironment(props.backend), NODE_OPTIONS: '--enable-source-maps' },
      bundling: cdkBundling(props.bundle),
    });
    grantBackendAccess(this, props.backend);
  }
}

const grantBackendAccess = (fn: NodejsFunction, b: Backend): void => {
  b.table.grantReadWriteData(fn);
  for (const name of handlerBuckets) b.buckets[name].grantReadWrite(fn);
  for (const job of jobNames) b.queues[job].grantSendMessages(fn);
  b.secretsKey.grantEncryptDecrypt(fn);
  b.mail.identity.grantSendEmail(fn);
};
