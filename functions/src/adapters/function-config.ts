import { envNames, schedulingEnvNames, type BucketName } from '../environment-names';
import type { JobName } from '../jobs';

/*
 * The one place a function reads its environment. The CDK stack sets these variables in AWS and
 * infra/local/cloud.ts sets the same ones on one machine (see environment-names.ts). Handlers, jobs
 * and adapters take what they need from here; domain code never reads the environment, it is handed
 * settings (or calls the adapter that owns them).
 */

type Environment = Record<string, string | undefined>;

export interface ChainSettings {
  /** The EVM JSON-RPC endpoint (CHAIN_RPC_URL). */
  rpcUrl: string;
  /** The network name written into Ethereum anchors (`sepolia`, `mainnet`; default `localhost`). */
  network: string;
  /** Confirmations the anchor job waits for before publishing a batch (default 1). */
  confirmations: number;
  /** Only a dev chain has one: a funded account that tops up new issuing addresses. */
  devFaucetPrivateKey?: string;
  /** Bitcoin anchoring, on only when an Esplora-compatible API is configured. */
  bitcoin: { network: 'mainnet' | 'testnet'; esploraUrl?: string };
}

export interface SchedulingSettings {
  /** Unset: the local scheduler polls the index entry instead (one machine). */
  group?: string;
  roleArn?: string;
  targetArn: (job: JobName) => string | undefined;
}

export interface StripeSettings {
  publishableKey: string;
  /** Set directly on one machine; in AWS read from `secretArn` (adapters/stripe-keys.ts). */
  secretKey?: string;
  webhookSecret?: string;
  secretArn?: string;
  /** One machine: the local Stripe stand-in. */
  apiUrl?: string;
}

export interface FunctionConfig {
  tableName: string;
  bucket: (b: BucketName) => string;
  queueUrl: (j: JobName) => string;
  userPoolId: string;
  userPoolClientId: string;
  mailFrom: string;
  /** SES configuration set of tracked mails (delivery, bounce and complaint events); unset: none. */
  mailConfigurationSet?: string;
  /** Where the app is served, without a trailing slash. */
  appBaseUrl: string;
  /** Where the public bucket's documents are served, without a trailing slash. */
  publicBaseUrl: string;
  chains: ChainSettings;
  /** The HTTP/JSON programme source of API-mode organisations; unset: the bundled sample source. */
  programmeSourceUrl?: string;
  /** Where top-up requests go (§8 TOP UP); on one machine the local inbox shows them. */
  productTeamEmail: string;
  secrets: { kmsKeyId?: string; localMasterKeyFile?: string };
  scheduling: SchedulingSettings;
  /** Set by the local cloud and the test harness only; the stack never sets them. */
  oneMachine: {
    /** Addresses of the stand-in servers a tenant may name (ONE_MACHINE_ALLOWED_TARGETS). */
    allowedTargets: string[];
    /** The data folder the local-folder storage option is confined to (ONE_MACHINE_DATA_DIR). */
    dataDir?: string;
    /** Client addresses exempt from per-client limits (CLIENT_LIMIT_EXEMPT: the test harness). */
    clientLimitExempt: string[];
  };
  rendering: { chromiumPath?: string; inLambda: boolean };
  /** The platform's Stripe account (payments for plans). */
  stripe: StripeSettings;
  /** A custom S3 endpoint (the local cloud) serves every bucket under one host: path-style addressing. */
  s3ForcePathStyle: boolean;
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The configuration in an environment. Resource names and endpoints are required, but only when
 * used: a missing variable fails the call that needs it, not every function's cold start.
 */
export const readFunctionConfig = (environment: Environment): FunctionConfig => {
  const env: Environment = { ...environment };
  const required = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`Environment variable ${name} is not set`);
    return value;
  };
  return {
    get tableName() {
      return required(envNames.table);
    },
    bucket: (b) => required(envNames.bucket(b)),
    queueUrl: (j) => required(envNames.queueUrl(j)),
    get userPoolId() {
      return required(envNames.userPoolId);
    },
    get userPoolClientId() {
      return required(envNames.userPoolClientId);
    },
    get mailFrom() {
      return required(envNames.mailFrom);
    },
    get mailConfigurationSet() {
      return process.env[envNames.mailConfigurationSet] || undefined;
    },
    get appBaseUrl() {
      return trimSlashes(required(envNames.appBaseUrl));
    },
    get publicBaseUrl() {
      return trimSlashes(required(envNames.publicBaseUrl));
    },
    chains: {
      get rpcUrl() {
        return required(envNames.chainRpcUrl);
      },
      network: env[envNames.chainNetwork] ?? 'localhost',
      confirmations: Number(env[envNames.chainConfirmations] ?? 1),
      devFaucetPrivateKey: env[envNames.devFaucetPrivateKey] || undefined,
      bitcoin: {
        network: env[envNames.bitcoinNetwork] === 'mainnet' ? 'mainnet' : 'testnet',
        esploraUrl: env[envNames.bitcoinEsploraUrl] || undefined,
      },
    },
    programmeSourceUrl: trimSlashes(env[envNames.programmeSourceUrl] ?? '') || undefined,
    productTeamEmail: env[envNames.productTeamEmail] || 'team@proofmark.local',
    secrets: {
      kmsKeyId: env[envNames.kmsKeyId] || undefined,
      localMasterKeyFile: env[envNames.localMasterKeyFile] || undefined,
    },
    scheduling: {
      group: env[schedulingEnvNames.group] || undefined,
      roleArn: env[schedulingEnvNames.roleArn] || undefined,
      targetArn: (job) => env[schedulingEnvNames.targetArn(job)] || undefined,
    },
    oneMachine: {
      allowedTargets: list(env[envNames.oneMachineAllowedTargets]),
      dataDir: env[envNames.oneMachineDataDir] || undefined,
      clientLimitExempt: list(env[envNames.clientLimitExempt]),
    },
    rendering: {
      chromiumPath: env[envNames.chromiumPath] || undefined,
      inLambda: !!env.AWS_LAMBDA_FUNCTION_NAME,
    },
    s3ForcePathStyle: Boolean(env.AWS_ENDPOINT_URL_S3),
    stripe: {
      publishableKey: env[envNames.stripePublishableKey] ?? '',
      secretKey: env[envNames.stripeSecretKey] || undefined,
      webhookSecret: env[envNames.stripeWebhookSecret] || undefined,
      secretArn: env[envNames.stripeSecretArn] || undefined,
      apiUrl: env[envNames.stripeApiUrl] || undefined,
    },
  };
};

let current: FunctionConfig | undefined;

/** This function's configuration, read from its environment on first use and kept for its lifetime. */
export const functionConfig = (): FunctionConfig => (current ??= readFunctionConfig(process.env));
