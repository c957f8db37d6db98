import type { JobName } from './jobs';

/*
 * The contract between the two clouds and the functions: which buckets exist and under which
 * environment variables a function finds its resources and settings. infra/ sets these variables
 * (the CDK stack in AWS, infra/local/cloud.ts on one machine); functions read them in one place,
 * functions/src/adapters/function-config.ts. It lives in functions/ because functions must not
 * import infra/ (infra imports functions' job and route tables, so the other way would be a cycle).
 */

export const bucketNames = ['artefacts', 'public', 'web'] as const;
/** artefacts: private files (uploads, PDFs, photos). public: credentials, issuer profiles, lists, verifier. web: the SPA. */
export type BucketName = (typeof bucketNames)[number];

/** The environment every function receives, in both clouds. */
export const envNames = {
  table: 'TABLE_NAME',
  bucket: (b: BucketName) => `BUCKET_${b.toUpperCase()}`,
  queueUrl: (j: JobName) => `QUEUE_URL_${j.toUpperCase()}`,
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  mailFrom: 'MAIL_FROM',
  /** The SES configuration set whose event publishing feeds the mailevents job (optional). */
  mailConfigurationSet: 'MAIL_CONFIGURATION_SET',
  chainRpcUrl: 'CHAIN_RPC_URL',
  chainNetwork: 'CHAIN_NETWORK',
  publicBaseUrl: 'PUBLIC_BASE_URL',
  appBaseUrl: 'APP_BASE_URL',
  kmsKeyId: 'KMS_KEY_ID',
  // Optional settings (the stack sets them only when configured).
  chainConfirmations: 'CHAIN_CONFIRMATIONS',
  bitcoinEsploraUrl: 'BITCOIN_ESPLORA_URL',
  bitcoinNetwork: 'BITCOIN_NETWORK',
  programmeSourceUrl: 'PROGRAMME_SOURCE_URL',
  productTeamEmail: 'PRODUCT_TEAM_EMAIL',
  chromiumPath: 'CHROMIUM_PATH',
  // Payments (Stripe): the platform's account. In AWS the two secret ones come from the stack's
  // Secrets Manager secret (STRIPE_SECRET_ARN); on one machine the local cloud sets all of them.
  stripePublishableKey: 'STRIPE_PUBLISHABLE_KEY',
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  stripeSecretArn: 'STRIPE_SECRET_ARN',
  // One machine only: the local cloud and the test harness set these, the stack never does.
  localMasterKeyFile: 'LOCAL_MASTER_KEY_FILE',
  devFaucetPrivateKey: 'DEV_FAUCET_PRIVATE_KEY',
  oneMachineAllowedTargets: 'ONE_MACHINE_ALLOWED_TARGETS',
  oneMachineDataDir: 'ONE_MACHINE_DATA_DIR',
  clientLimitExempt: 'CLIENT_LIMIT_EXEMPT',
  /** The local Stripe stand-in's URL: the `stripe` library is pointed at it (never set in AWS). */
  stripeApiUrl: 'STRIPE_API_URL',
} as const;

/**
 * Environment of the functions that create schedules (scheduled issuance), in AWS only: their
 * absence is what sends functions/src/adapters/scheduler.ts to the local scheduler's index entry.
 */
export const schedulingEnvNames = {
  group: 'SCHEDULE_GROUP_NAME',
  roleArn: 'SCHEDULER_ROLE_ARN',
  /** The queue a schedule delivers to (EventBridge Scheduler's SQS target takes an ARN, not a URL). */
  targetArn: (j: JobName) => `SCHEDULE_TARGET_ARN_${j.toUpperCase()}`,
} as const;
