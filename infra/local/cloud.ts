import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SQSClient } from '@aws-sdk/client-sqs';
import { S3Client } from '@aws-sdk/client-s3';
import { envNames, bucketNames, httpFunctionTimeoutSeconds } from '../resources';
import { jobNames } from '../../functions/src/jobs';
import { assertPortFree, freePort, HOST } from './ports';
import { startDynamo } from './servers/dynamodb';
import { startCognito } from './servers/cognito';
import { startStandIns } from './stand-ins';
import { batchedQueue } from './batched-queue';
import { startStripeStandIn } from './servers/stripe-stand-in';
import type { RunningServer } from './servers/child';
import { localClientConfig, provision, type Provisioned } from './provision';
import { startGateway } from './gateway';
import { publicReader } from './public-reads';
import { BUNDLES_ENV, functionWorkers } from './function-workers';
import { functionBundles } from './function-bundles';
import { startPollersThread } from './pollers-thread';
import { resumeUnfinishedJobs } from './resume-jobs';
import { startLocalScheduler } from './scheduler';
import { startExpirySweep } from './expiry';
import { tcpGate, type Outage, type OutageName } from './outages';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LocalCloudOptions {
  dataDir: string;
  /** The one port for the user (app + API). 0 picks free ports for everything (tests). */
  port: number;
  retryDelaySeconds?: number;
  /** Each dependency can be taken down and brought back (outages.ts; the outage test's only). */
  outages?: boolean;
}

export interface LocalCloudInfo {
  appUrl: string;
  apiUrl: string;
  dataDir: string;
  region: string;
  endpoints: {
    dynamodb: string;
    s3: string;
    sqs: string;
    cognito: string;
    ses: string;
    chain: string;
    /** The local Stripe stand-in (not Stripe: see servers/stripe-stand-in.ts). */
    stripe: string;
  };
  resources: Provisioned;
  /** The environment the functions run with (also what a test needs to talk to the same resources). */
  functionEnv: Record<string, string>;
}

/**
 * The platform's Stripe account on one machine: the local stand-in's keys (not Stripe's) and the
 * webhook signing secret, made at first start and kept in the data dir like the master key.
 */
export const standInStripeKeys = {
  secretKey: 'sk_test_proofmark_stand_in',
  publishableKey: 'pk_test_proofmark_stand_in',
};
const ensureWebhookSecret = (dataDir: string) => {
  const file = path.join(dataDir, 'stripe-webhook.secret');
  if (!fs.existsSync(file))
    fs.writeFileSync(file, `whsec_${randomBytes(24).toString('hex')}`, { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
};

/** The master key for secrets on one machine: made at first start, kept in the data dir, never committed. */
const ensureMasterKey = (dataDir: string) => {
  const file = path.join(dataDir, 'master.key');
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return file;
};

const serviceOrder = ['dynamodb', 's3', 'sqs', 'cognito', 'ses', 'chain', 'stripe'] as const;

/** Local services take the ports right after the app's, so a second instance only needs another PORT. */
const choosePorts = async (port: number) => {
  if (port === 0) {
    const ports: number[] = [];
    for (const _ of serviceOrder) ports.push(await freePort());
    return { app: 0, ...Object.fromEntries(serviceOrder.map((s, i) => [s, ports[i]!])) } as Record<
      'app' | (typeof serviceOrder)[number],
      number
    >;
  }
  const chosen = {
    app: port,
    ...Object.fromEntries(serviceOrder.map((s, i) => [s, port + i + 1])),
  } as Record<'app' | (typeof serviceOrder)[number], number>;
  for (const [name, p] of Object.entries(chosen))
    await assertPortFree(p, name === 'app' ? 'app' : `local ${name}`);
  return chosen;
};

export const startLocalCloud = async (opts: LocalCloudOptions) => {
  const dataDir = path.resolve(opts.dataDir);
  const logDir = path.join(dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const region = process.env.AWS_REGION ?? 'us-east-1';
  process.env.AWS_REGION = region;
  // The functions' bundles are built (or found current) while the servers start.
  const bundles = functionBundles(repoRoot);
  bundles.catch(() => undefined);
  const ports = await choosePorts(opts.port);

  const started: RunningServer[] = [];
  const stopAll = async () => {
    for (const s of started.reverse()) await s.stop().catch((e) => console.error(`stopping ${s.name}:`, e));
  };
  // Wait for every server even when one fails, so none is left running unstopped.
  const startAll = async <T extends readonly Promise<RunningServer>[]>(pending: T) => {
    const settled = await Promise.allSettled(pending);
    for (const s of settled) if (s.status === 'fulfilled') started.push(s.value);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    return settled.map((s) => (s as PromiseFulfilledResult<RunningServer>).value) as {
      -readonly [K in keyof T]: Awaited<T[K]>;
    };
  };

  // With outages, the in-process servers listen on ports of their own behind a gate on theirs.
  const own = (port: number) => (opts.outages ? 0 : port);
  try {
    const [dynamo, standIns, cognito] = await startAll([
      startDynamo(ports.dynamodb, path.join(dataDir, 'dynamodb'), logDir),
      startStandIns({
        s3: { port: own(ports.s3), dir: path.join(dataDir, 's3') },
        sqs: { port: own(ports.sqs) },
        ses: { port: own(ports.ses) },
        chain: { port: own(ports.chain), dir: path.join(dataDir, 'chain') },
      }),
      startCognito(ports.cognito, path.join(dataDir, 'cognito'), logDir),
    ] as const);
    const { s3, sqs, ses, chain } = standIns.servers;
    const url: Record<'s3' | 'sqs' | 'ses' | 'chain', string> = {
      s3: s3.url,
      sqs: sqs.url,
      ses: ses.url,
      chain: chain.url,
    };
    let outages: Record<OutageName, Outage> | undefined;
    if (opts.outages) {
      const gated = { s3, sqs, ses, chain };
      const gates = {} as Record<keyof typeof gated, Outage>;
      for (const [name, server] of Object.entries(gated) as [keyof typeof gated, { port: number }][]) {
        const gate = await tcpGate(ports[name], server.port);
        started.push({ name: `${name} gate`, url: gate.url, stop: gate.stop });
        gates[name] = gate;
        url[name] = gate.url;
      }
      outages = {
        ...gates,
        dynamodb: { down: async () => dynamo.signal('SIGSTOP'), up: async () => dynamo.signal('SIGCONT') },
      };
    }
    const webhookSecret = ensureWebhookSecret(dataDir);
    let webhookUrl = '';
    const stripe = await startStripeStandIn({
      port: ports.stripe,
      stateFile: path.join(dataDir, 'stripe-stand-in.json'),
      accounts: [{ ...standInStripeKeys, webhook: { url: () => webhookUrl, secret: webhookSecret } }],
    });
    started.push(stripe);
    const endpoints = {
      dynamodb: dynamo.url,
      s3: url.s3,
      sqs: url.sqs,
      cognito: cognito.url,
      ses: url.ses,
      chain: url.chain,
      stripe: stripe.url,
    };
    const resources = await provision(endpoints);
    // The local queue names its own port in the queue URLs: behind a gate they must name the gate's.
    if (outages)
      for (const urls of [resources.queueUrls, resources.dlqUrls])
        for (const job of jobNames) urls[job] = urls[job].replace(sqs.url, url.sqs);

    // The same variables a Lambda gets in AWS, plus the SDK's standard endpoint overrides.
    const functionEnv: Record<string, string> = {
      AWS_REGION: region,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
      AWS_ENDPOINT_URL_S3: endpoints.s3,
      AWS_ENDPOINT_URL_SQS: endpoints.sqs,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
      AWS_ENDPOINT_URL_SESV2: endpoints.ses,
      [envNames.table]: resources.tableName,
      ...Object.fromEntries(bucketNames.map((b) => [envNames.bucket(b), resources.buckets[b]])),
      ...Object.fromEntries(jobNames.map((j) => [envNames.queueUrl(j), resources.queueUrls[j]])),
      [envNames.userPoolId]: resources.userPoolId,
      [envNames.userPoolClientId]: resources.userPoolClientId,
      [envNames.mailFrom]: process.env[envNames.mailFrom] ?? 'no-reply@proofmark.local',
      // Mails sent with it have their events published (the local stand-in: ses-events.ts).
      [envNames.mailConfigurationSet]: 'proofmark-local',
      [envNames.chainRpcUrl]: endpoints.chain,
      // The dev chain stands in for Sepolia, so the official Blockcerts verifier (which only knows real
      // networks) can be pointed at it; anchors read blink:eth:sepolia:<tx>.
      [envNames.chainNetwork]: 'sepolia',
      LOCAL_MASTER_KEY_FILE: ensureMasterKey(dataDir),
      // One machine only (the stack sets neither): the stand-in servers a tenant may name are on
      // 127.0.0.1, and the local-folder storage is confined to this data folder.
      ONE_MACHINE_ALLOWED_TARGETS: '127.0.0.1',
      ONE_MACHINE_DATA_DIR: dataDir,
      DEV_FAUCET_PRIVATE_KEY: standIns.faucetPrivateKey,
      // Payments go to the local Stripe stand-in, with its keys (never Stripe's).
      [envNames.stripeApiUrl]: endpoints.stripe,
      [envNames.stripeSecretKey]: standInStripeKeys.secretKey,
      [envNames.stripePublishableKey]: standInStripeKeys.publishableKey,
      [envNames.stripeWebhookSecret]: webhookSecret,
    };
    // AWS_PROFILE etc. must not steer the SDK towards a real account.
    delete process.env.AWS_PROFILE;
    delete process.env.AWS_SESSION_TOKEN;
    Object.assign(process.env, functionEnv);

    const s3Client = new S3Client({ ...localClientConfig(endpoints.s3), forcePathStyle: true });
    // What CloudFront serves from the public bucket, read from the local S3.
    const readPublic = publicReader(`${endpoints.s3}/${resources.buckets.public}/`);
    // Every worker, here and in the pollers' thread, loads its handler from the bundles.
    process.env[BUNDLES_ENV] = await bundles;
    // The HTTP functions, each in its own worker thread (function-workers.ts).
    const functions = functionWorkers(httpFunctionTimeoutSeconds);
    const gateway = await startGateway({
      readPublic,
      port: ports.app,
      cognitoUrl: endpoints.cognito,
      userPoolId: resources.userPoolId,
      userPoolClientId: resources.userPoolClientId,
      webDir: path.join(repoRoot, 'web', 'dist'),
      verifierDir: path.join(repoRoot, 'web', 'dist-verifier'),
      // As web-deployment.ts writes it in AWS; read when asked, since the URL is set once the gateway listens.
      runtimeConfig: () => ({ publicBaseUrl: process.env[envNames.publicBaseUrl] ?? '' }),
      loadGroup: functions.loadGroup,
    });
    started.push({
      name: 'gateway',
      url: gateway.url,
      stop: async () => (await gateway.stop(), await functions.stop()),
    });
    const appUrl = gateway.url;
    webhookUrl = `${appUrl}/api/public/stripe/webhook`;
    process.env[envNames.appBaseUrl] = appUrl;
    process.env[envNames.publicBaseUrl] ??= `${appUrl}/public`;
    functionEnv[envNames.appBaseUrl] = appUrl;
    functionEnv[envNames.publicBaseUrl] = process.env[envNames.publicBaseUrl]!;
    // The plan catalogue's first plans, as `npm run deploy` writes them in AWS (`npm run plans -- seed`,
    // after the environment is complete: the functions' configuration is read once per process).
    const { seedPlans } = await import('../../functions/src/domain/billing/plans');
    await seedPlans();

    const sqsClient = new SQSClient(localClientConfig(endpoints.sqs));
    // SES event publishing's stand-in delivers each mail's events to the mailevents queue, a
    // message each as SNS does in AWS (sent together when they come together).
    const mailEvents = batchedQueue(sqsClient, () => resources.queueUrls.mailevents);
    standIns.onMailEvent(async (event) => mailEvents.send(JSON.stringify(event)));
    const pollersThread = await startPollersThread({
      sqsEndpoint: endpoints.sqs,
      queueUrls: resources.queueUrls,
      queueArns: resources.queueArns,
      region,
      retryDelaySeconds: opts.retryDelaySeconds ?? 2,
    });
    const ddbClient = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(endpoints.dynamodb)));
    const resumed = await resumeUnfinishedJobs(
      ddbClient,
      sqsClient,
      resources.tableName,
      resources.queueUrls,
    );
    if (resumed) console.log(`Resumed ${resumed} unfinished job(s).`);
    // Scheduled issuance on one machine (EventBridge Scheduler in AWS).
    const scheduler = startLocalScheduler({
      ddb: ddbClient,
      sqs: sqsClient,
      tableName: resources.tableName,
      queueUrls: resources.queueUrls,
    });
    // The buckets' lifecycle expiry (S3 lifecycle rules in AWS; the local S3 has none).
    const expiry = startExpirySweep({ s3: s3Client, bucketNames: resources.buckets });
    await expiry.first;
    // Pollers, the scheduler and the sweep stop before the servers they read from.
    started.push({
      name: 'pollers',
      url: '',
      stop: async () => (
        await expiry.stop(),
        await scheduler.stop(),
        await pollersThread.stop(),
        await mailEvents.flush(),
        sqsClient.destroy(),
        ddbClient.destroy()
      ),
    });

    const info: LocalCloudInfo = {
      appUrl,
      apiUrl: `${appUrl}/api`,
      dataDir,
      region,
      endpoints,
      resources,
      functionEnv,
    };
    fs.writeFileSync(path.join(dataDir, 'runtime.json'), JSON.stringify(info, null, 2));
    // Up: the jobs' workers are started now, one after another, instead of on each job's first
    // message (function-workers.ts says why; a local-cloud choice).
    pollersThread.warmJobs();
    return { info, stop: stopAll, outages };
  } catch (err) {
    await stopAll();
    throw err;
  }
};

export { HOST };
