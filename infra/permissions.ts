import type { JobName } from '../functions/src/jobs';
import type { RouteGroup } from '../functions/src/routes';
import type { BucketName } from './resources';

/*
 * What each function may do in AWS, and nothing more: the stack grants exactly this table
 * (constructs/backend-function.ts). Derived from the code each bundle carries (the bundle test checks
 * that a function without a service's client in its bundle gets no grant for that service).
 */

/**
 * DynamoDB: `readWrite` is items and batches (never Scan); `records` is get/query/put/update only, no
 * delete; `none` is no item at all (the health check only describes the table).
 */
export type TableAccess = 'readWrite' | 'records' | 'none';
export type BucketAccess = 'read' | 'readWrite';

export interface FunctionAccess {
  table: TableAccess;
  buckets: Partial<Record<BucketName, BucketAccess>>;
  /** Job queues the function sends to. */
  queues: JobName[];
  /** Envelope encryption of secrets (adapters/envelope.ts): GenerateDataKey and Decrypt on our key. */
  secrets: boolean;
  /** ses:SendEmail / SendRawEmail from our identity. */
  mail: boolean;
  /** The user administration the API does instead of clients (adapters/identity.ts). */
  users: boolean;
  /** Creates and deletes schedules of scheduled issuance (adapters/scheduler.ts). */
  schedules: boolean;
  /** Reads the state of every dependency for /api/health. */
  health: boolean;
  /** Reads the platform's Stripe keys from their Secrets Manager secret (adapters/stripe-keys.ts). */
  stripe: boolean;
}

const none: FunctionAccess = {
  table: 'readWrite',
  buckets: {},
  queues: [],
  secrets: false,
  mail: false,
  users: false,
  schedules: false,
  health: false,
  stripe: false,
};
const files = { artefacts: 'readWrite', public: 'readWrite' } as const;

/** The user administration actions adapters/identity.ts calls. */
export const userAdminActions = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
];

const artefacts = { artefacts: 'readWrite' } as const;

export const httpAccess: Record<RouteGroup, FunctionAccess> = {
  // Describes the table, user pool and queues, heads the buckets and reads the SES account; no items.
  health: { ...none, table: 'none', health: true },
  auth: { ...none, mail: true, users: true },
  team: { ...none, mail: true, users: true },
  // A new key or a rotated badge key republishes the issuer profile (public bucket); keys are sealed.
  keys: { ...none, buckets: { public: 'readWrite' }, secrets: true },
  batches: none,
  transactions: none,
  // Anyone may call it: reads published documents, records verifications and wallet introductions.
  public: { ...none, table: 'records', buckets: { public: 'read' } },
  profile: { ...none, buckets: files, secrets: true },
  // Reads the saved secrets it tests with; the Proofmark storage test writes and deletes one object.
  'profile-storage-test': { ...none, buckets: artefacts, secrets: true },
  // Reads the saved mail secrets; stores the Office 365 token it fetches (sealed). No bucket.
  'profile-mail-test': { ...none, secrets: true },
  cohorts: none,
  recipients: { ...none, buckets: artefacts },
  uploads: { ...none, buckets: artefacts, queues: ['import'] },
  // Invitations are mailed by the invite job.
  invitations: { ...none, queues: ['invite'] },
  // Previews compose here; a test mail is the mail-test job's.
  'mail-templates': { ...none, queues: ['mail-test'] },
  programmes: none,
  workspace: { ...none, buckets: files, queues: ['generate', 'invite'] },
  // Reads design images, logos and photos; writes design images and gallery thumbnails.
  designs: { ...none, buckets: artefacts },
  // Issue and revoke re-check the password with the app client's sign-in (no IAM action, no admin call).
  'workspace-issuing': { ...none, buckets: files, queues: ['issue', 'anchor'], schedules: true },
  'workspace-delivery': { ...none, buckets: files, queues: ['send', 'download', 'invite'] },
  // Renders previews: reads design images, logos, signatures and photos.
  'workspace-preview': { ...none, buckets: files },
  // TOP UP mails the product team.
  balance: { ...none, mail: true },
  approvals: none,
  // Anyone may call it: reads the plan catalogue.
  plans: { ...none, table: 'records' },
  // Checkout and payment state call Stripe with the platform's keys (the Stripe secret).
  billing: { ...none, stripe: true },
  // Anyone may call it, but only signed Stripe events are read: payments, balance, ledger, idempotency.
  // The signing secret is in the Stripe secret.
  'public-stripe': { ...none, stripe: true },
  // Reads counters, verifications and rows; writes nothing.
  dashboard: { ...none, table: 'records' },
  mycertificates: { ...none, table: 'records' },
  // Anyone may call it: counts opens and clicks of tracked mails.
  'public-mail': { ...none, table: 'records' },
  // Anyone may call it: paid verification requests, paid to the organisation's own Stripe account
  // with its sealed key (never the platform's Stripe secret); the request-mail job mails the organisation.
  'public-verifiers': { ...none, table: 'records', secrets: true, queues: ['request-mail'] },
  // Anyone may call it: the demo issuer's recipients and logo, its mails, and the demo requests
  // mailed to the product team.
  demo: { ...none, buckets: files, mail: true },
  // The demo's Issue: its batch (queued for anchoring) and, the first time, its issuing key (sealed).
  'demo-issuing': { ...none, buckets: files, queues: ['anchor'], secrets: true },
};

export const jobAccess: Record<JobName, FunctionAccess> = {
  anchor: { ...none, buckets: files, secrets: true },
  import: { ...none, buckets: files },
  // Mail goes through the organisation's server when its settings are in use: reads its secrets.
  invite: { ...none, mail: true, secrets: true },
  generate: { ...none, buckets: files },
  issue: { ...none, buckets: files, queues: ['anchor', 'issue'], secrets: true },
  send: { ...none, mail: true, secrets: true },
  download: { ...none, buckets: files },
  // Counts mail events and marks bounced recipient rows.
  mailevents: { ...none, table: 'records' },
  'mail-test': { ...none, mail: true, secrets: true },
  // Reads a paid verification request and the organisation's address; marks it mailed.
  'request-mail': { ...none, table: 'records', mail: true },
};
