import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Annotations, CfnOutput, Stack, type CfnElement, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api } from './constructs/api';
import { ApiHandlers } from './constructs/api-handlers';
import { Auth } from './constructs/auth';
import { repoRoot, type Backend } from './constructs/backend-function';
import { Cdn } from './constructs/cdn';
import { Data } from './constructs/data';
import { JobQueues } from './constructs/job-queues';
import { JobWorkers } from './constructs/job-workers';
import { Mail, MailEvents } from './constructs/mail';
import { Monitoring } from './constructs/monitoring';
import { acknowledgeNagFindings } from './nag';
import { Scheduling } from './constructs/scheduling';
import { Secrets } from './constructs/secrets';
import { Storage } from './constructs/storage';
import { StripeKeys } from './constructs/stripe-keys';
import { recordOf } from './constructs/util';
import { WebDeployment } from './constructs/web-deployment';
import { jobNames } from '../functions/src/jobs';
import { buckets as bucketDefs } from './resources';

/**
 * Deployment choices read from CDK context (`cdk deploy -c mailFrom=no-reply@example.org`);
 * every one has a default so that `cdk synth` needs nothing.
 */
export interface ProofmarkSettings {
  mailFrom: string;
  mailDomain?: string;
  chainRpcUrl: string;
  chainNetwork: string;
  apiAllowedOrigins: string[];
  /** Optional integrations, passed to the functions as they are (see README, Configuration). */
  optional: Partial<
    Record<'PROGRAMME_SOURCE_URL' | 'BITCOIN_ESPLORA_URL' | 'BITCOIN_NETWORK' | 'CHAIN_CONFIRMATIONS', string>
  >;
  /** The built SPA; deployed only when it exists (`npm run deploy` builds it first). */
  webDist: string;
  /** The built public verifier app (served at /verify); deployed only when it exists. */
  verifierDist: string;
  /** The SNS topic the alarms publish to, and an address subscribed to it if given. */
  alarmTopicName: string;
  alarmEmail?: string;
}

const defaults: ProofmarkSettings = {
  mailFrom: 'no-reply@example.com',
  chainRpcUrl: 'https://ethereum-sepolia-rpc.publicnode.com',
  chainNetwork: 'sepolia',
  apiAllowedOrigins: ['*'],
  optional: {},
  webDist: 'web/dist',
  verifierDist: 'web/dist-verifier',
  alarmTopicName: 'proofmark-alarms',
};

/** Context key → the function environment variable it sets, when given. */
const optionalContext = {
  programmeSourceUrl: 'PROGRAMME_SOURCE_URL',
  bitcoinEsploraUrl: 'BITCOIN_ESPLORA_URL',
  bitcoinNetwork: 'BITCOIN_NETWORK',
  chainConfirmations: 'CHAIN_CONFIRMATIONS',
  productTeamEmail: 'PRODUCT_TEAM_EMAIL',
} as const;

const asList = (value: unknown): string[] | undefined =>
  value === undefined
    ? undefined
    : Array.isArray(value)
      ? value.map(String)
      : String(value)
          .split(',')
          .map((s) => s.trim());

const settingsFrom = (scope: Construct): ProofmarkSettings => {
  const ctx = (key: string): unknown => scope.node.tryGetContext(key);
  const mailDomain = ctx('mailDomain') as string | undefined;
  return {
    mailDomain,
    mailFrom:
      (ctx('mailFrom') as string | undefined) ?? (mailDomain ? `no-reply@${mailDomain}` : defaults.mailFrom),
    chainRpcUrl: (ctx('chainRpcUrl') as string | undefined) ?? defaults.chainRpcUrl,
    chainNetwork: (ctx('chainNetwork') as string | undefined) ?? defaults.chainNetwork,
    apiAllowedOrigins: asList(ctx('apiAllowedOrigins')) ?? defaults.apiAllowedOrigins,
    optional: Object.fromEntries(
      Object.entries(optionalContext).flatMap(([key, name]) =>
        ctx(key) === undefined ? [] : [[name, String(ctx(key))]],
      ),
    ),
    webDist: resolve(repoRoot, (ctx('webDist') as string | undefined) ?? defaults.webDist),
    verifierDist: resolve(repoRoot, (ctx('verifierDist') as string | undefined) ?? defaults.verifierDist),
    alarmTopicName: (ctx('alarmTopicName') as string | undefined) ?? defaults.alarmTopicName,
    alarmEmail: ctx('alarmEmail') as string | undefined,
  };
};

/** Proofmark in AWS: the resources of resources.ts, the routes of routes.ts and the jobs of jobs.ts. */
export class ProofmarkStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const settings = settingsFrom(this);

    const secrets = new Secrets(this, 'Secrets');
    const stripeKeys = new StripeKeys(this, 'StripeKeys');
    const data = new Data(this, 'Data');
    const storage = new Storage(this, 'Storage');
    const auth = new Auth(this, 'Auth');
    const mail = new Mail(this, 'Mail', { from: settings.mailFrom, domain: settings.mailDomain });
    const queues = new JobQueues(this, 'Queues');
    const scheduling = new Scheduling(this, 'Scheduling', { targets: queues.queues });
    const mailEvents = new MailEvents(this, 'MailEvents', { queue: queues.byJob.mailevents.queue });

    const api = new Api(this, 'Api', {
      issuerUrl: auth.issuerUrl,
      audience: auth.client.userPoolClientId,
      allowedOrigins: settings.apiAllowedOrigins,
    });
    const publicCors = bucketDefs.public.cors[0];
    const cdn = new Cdn(this, 'Cdn', {
      webBucket: storage.buckets.web,
      verifierBucket: storage.verifier,
      publicBucket: storage.buckets.public,
      apiDomain: api.originDomain,
      publicCors,
    });

    const backend: Backend = {
      table: data.table,
      buckets: storage.buckets,
      queues: recordOf(jobNames, (job) => queues.byJob[job].queue),
      userPool: auth.userPool,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
      secretsKey: secrets.key,
      stripeKeys: stripeKeys.secret,
      mail: {
        identity: mail.identity,
        from: mail.from,
        configurationSet: mailEvents.configurationSet.configurationSetName,
      },
      chain: { rpcUrl: settings.chainRpcUrl, network: settings.chainNetwork },
      optional: settings.optional,
      publicBaseUrl: cdn.publicUrl,
      appBaseUrl: cdn.appUrl,
    };
    const http = new ApiHandlers(this, 'HttpHandlers', { api, backend, userPool: auth.userPool, scheduling });
    const workers = new JobWorkers(this, 'JobWorkers', { queues, backend });
    new Monitoring(this, 'Monitoring', {
      topicName: settings.alarmTopicName,
      email: settings.alarmEmail,
      queues: queues.byJob,
      functions: {
        ...Object.fromEntries(Object.entries(http.functions).map(([g, f]) => [`http/${g}`, f])),
        ...Object.fromEntries(Object.entries(workers.functions).map(([j, f]) => [`jobs/${j}`, f])),
      },
      api: api.httpApi,
    });
    const cfn = (c: { node: { defaultChild?: unknown } }) => c.node.defaultChild as CfnElement;
    acknowledgeNagFindings({
      stack: this,
      functions: [...Object.values(http.functions), ...Object.values(workers.functions)],
      table: cfn(data.table),
      buckets: {
        artefacts: cfn(storage.buckets.artefacts),
        public: cfn(storage.buckets.public),
        web: cfn(storage.buckets.web),
      },
      scheduleGroup: scheduling.group,
      userPool: auth.userPool,
      api,
      cdn,
      storage,
      stripeKeys: stripeKeys.secret,
    });

    const spaConfig = {
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
      publicBaseUrl: cdn.publicUrl,
    };
    if (existsSync(join(settings.webDist, 'index.html'))) {
      new WebDeployment(this, 'Web', {
        sourceDir: settings.webDist,
        bucket: storage.buckets.web,
        distribution: cdn.app,
        runtimeConfig: spaConfig,
      });
    } else {
      Annotations.of(this).addInfo(
        `No SPA build at ${settings.webDist}: the web bucket is left as it is (npm run deploy builds it first).`,
      );
    }
    if (existsSync(join(settings.verifierDist, 'index.html'))) {
      new WebDeployment(this, 'Verifier', {
        sourceDir: settings.verifierDist,
        bucket: storage.verifier,
        distribution: cdn.app,
        prefix: 'verify/',
      });
    } else {
      Annotations.of(this).addInfo(
        `No verifier build at ${settings.verifierDist}: the verifier bucket is left as it is (npm run deploy builds it first).`,
      );
    }

    const outputs: Record<string, string> = {
      AppUrl: cdn.appUrl,
      PublicUrl: cdn.publicUrl,
      ApiUrl: api.httpApi.apiEndpoint,
      UserPoolId: spaConfig.userPoolId,
      UserPoolClientId: spaConfig.userPoolClientId,
      TableName: data.table.tableName,
      // Where the operator writes the Stripe keys (README, Payments in AWS).
      StripeKeysSecretArn: stripeKeys.secret.secretArn,
    };
    for (const [name, value] of Object.entries(outputs)) new CfnOutput(this, name, { value });
  }
}
