import { DEMO_FILES_DAYS, DEMO_ORG_ID, DEMO_SLUG } from '@proofmark/shared/demo/issuer';
import type { BucketName } from '../functions/src/environment-names';
import { jobs, type JobName } from '../functions/src/jobs';

// The variable names and bucket names are the functions' side of the contract (no infra import there).
export {
  bucketNames,
  envNames,
  schedulingEnvNames,
  type BucketName,
} from '../functions/src/environment-names';

/**
 * What both clouds provision: the CDK stack declares these resources and the local cloud creates
 * the same ones from this file, so the two cannot drift. Physical names are chosen by CloudFormation
 * in AWS and fixed locally; functions only ever learn them through the environment variables below.
 */
export const table = {
  localName: 'proofmark',
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  /**
   * gsi1: lookups by a second key (user by email, a recipient by first name, ...). gsi2: per-org
   * listings by time/status. gsi3–gsi5: the recipients search by last name, email and student id
   * (sparse: only recipient rows carry their keys).
   */
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
    { name: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk' },
  ],
} as const;

export interface CorsRule {
  allowedMethods: ('GET' | 'PUT' | 'POST' | 'HEAD' | 'DELETE')[];
  allowedOrigins: string[];
  allowedHeaders: string[];
  exposedHeaders?: string[];
  maxAgeSeconds: number;
}

/** artefacts: private files (uploads, PDFs, photos). public: credentials, issuer profiles, lists, verifier. web: the SPA. */
export const buckets = {
  artefacts: {
    localName: 'proofmark-artefacts',
    // Uploaded files are read once by their import; whatever is left (never imported, or PUT again
    // after the import) expires.
    // The live demo issuer's private files (its batches, logo) go after its certificates do.
    expire: [
      { prefix: 'uploads/', afterDays: 1 },
      { prefix: `${DEMO_ORG_ID}/`, afterDays: DEMO_FILES_DAYS },
    ],
    // Browsers upload straight to S3 through presigned PUTs.
    cors: [
      {
        allowedMethods: ['PUT', 'GET', 'HEAD'],
        allowedOrigins: ['*'],
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAgeSeconds: 3000,
      },
    ],
  },
  public: {
    localName: 'proofmark-public',
    // The live demo's certificates (and their QR codes) are published for a while, not for ever.
    expire: [{ prefix: `credentials/${DEMO_SLUG}/`, afterDays: DEMO_FILES_DAYS }],
    // Verifiers and wallets anywhere fetch issuer profiles, revocation lists and credentials.
    cors: [
      { allowedMethods: ['GET', 'HEAD'], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAgeSeconds: 86400 },
    ],
  },
  web: { localName: 'proofmark-web', cors: [] },
} as const satisfies Record<
  BucketName,
  { localName: string; cors: CorsRule[]; expire?: { prefix: string; afterDays: number }[] }
>;

/**
 * Seconds an HTTP group's Lambda may run: API Gateway gives up on an integration after 30 s, so
 * running longer only costs. The local gateway enforces it too (infra/local/gateway.ts).
 */
export const httpFunctionTimeoutSeconds = 29;

export const queueFor = (job: JobName) => {
  const def = jobs[job];
  return {
    localName: `proofmark-${job}`,
    localDlqName: `proofmark-${job}-dlq`,
    visibilityTimeoutSeconds: def.timeoutSeconds * 6,
    maxReceiveCount: def.maxReceiveCount,
    dlqRetentionDays: 14,
  };
};

export const userPool = {
  localName: 'proofmark-users',
  localClientName: 'proofmark-web',
  /** Custom attributes carried in the ID token as `custom:<name>`; the organisation id comes only from here. */
  customAttributes: {
    org_id: { type: 'String', mutable: false },
    is_admin: { type: 'String', mutable: true },
  },
  // OWASP ASVS level 2: length only, no composition rules (common passwords are refused in our code).
  passwordPolicy: { minLength: 8 },
  authFlows: ['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH'],
} as const;

/**
 * API Gateway throttles (requests per second, burst) for everyone together: every route gets the
 * default; the public routes that send mail, cost chain calls or write records get their own, lower
 * ones. Per-client limits are the handlers' (functions/src/domain/client-limits.ts).
 */
export const apiThrottles = {
  default: { rate: 200, burst: 400 },
  routes: {
    'POST /api/auth/register': { rate: 5, burst: 10 },
    'POST /api/auth/resend-code': { rate: 5, burst: 10 },
    'POST /api/auth/forgot': { rate: 5, burst: 10 },
    'POST /api/auth/reset': { rate: 10, burst: 20 },
    'POST /api/auth/confirm': { rate: 10, burst: 20 },
    'POST /api/auth/login': { rate: 20, burst: 40 },
    'POST /api/public/chain/{network}': { rate: 50, burst: 100 },
    'POST /api/public/verifications': { rate: 50, burst: 100 },
    'POST /api/public/issuers/{slug}/introduce': { rate: 5, burst: 10 },
  },
} as const satisfies {
  default: { rate: number; burst: number };
  routes: Record<string, { rate: number; burst: number }>;
};
