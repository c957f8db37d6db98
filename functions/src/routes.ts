import { contract, type RouteKey } from '@proofmark/shared/contract';
import type { HttpMethod, RouteAccess } from '@proofmark/shared/contract/define';

/**
 * The route table. The CDK stack creates exactly these API Gateway routes (one Lambda per group)
 * and the local gateway serves exactly these, so a route exists in both clouds or in neither.
 * Method, path and who may call a route come from the contract (shared/src/contract/); only the
 * Lambda group that serves it is decided here. A group's handler lives in
 * `functions/src/http/<group>.ts` and exports `handler`.
 */
export type { HttpMethod };

/**
 * One Lambda per group, each named after the URL area it serves: `<area>` serves `/api/<area>…`, and
 * an area split in several functions names each part `<area>-<part>` (e.g. `workspace-issuing`
 * serves `/api/workspace/issue`, `bake`, `revoke`, `hold`, `unhold`). Groups are split where a route's
 * libraries would push a function past the 1 MB bundle budget or grant it more than its neighbours
 * need (README, "Lambda bundles").
 */
export const routeGroups = [
  'health',
  'auth',
  'team',
  'keys',
  'batches',
  'transactions',
  'public',
  'profile',
  'profile-storage-test',
  'profile-mail-test',
  'cohorts',
  'recipients',
  'uploads',
  'invitations',
  'programmes',
  'workspace',
  'workspace-issuing',
  'workspace-delivery',
  'workspace-preview',
  'balance',
  'approvals',
  'plans',
  'billing',
  'public-stripe',
  'dashboard',
  'mycertificates',
  'public-mail',
  'public-verifiers',
  'designs',
  'demo',
  'demo-issuing',
  'mail-templates',
] as const;
export type RouteGroup = (typeof routeGroups)[number];

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway path syntax, `{name}` for a path parameter. */
  path: string;
  group: RouteGroup;
  /** `user`: a valid Cognito ID token is required (JWT authorizer); `public`: no authorizer. */
  auth: 'public' | 'user';
  access: RouteAccess;
}

const groupOf: Record<RouteKey, RouteGroup> = {
  'GET /api/health': 'health',

  'POST /api/auth/register': 'auth',
  'POST /api/auth/confirm': 'auth',
  'POST /api/auth/resend-code': 'auth',
  'POST /api/auth/login': 'auth',
  'POST /api/auth/refresh': 'auth',
  'POST /api/auth/forgot': 'auth',
  'POST /api/auth/reset': 'auth',
  'POST /api/auth/set-password': 'auth',
  'GET /api/auth/me': 'auth',
  'POST /api/auth/logout': 'auth',
  'POST /api/auth/first-password': 'auth',
  'POST /api/auth/change-password': 'auth',

  'POST /api/keys': 'keys',
  'GET /api/keys': 'keys',
  'GET /api/keys/estimate': 'keys',
  'POST /api/keys/badge/rotate': 'keys',
  'GET /api/batches/{id}': 'batches',
  'GET /api/transactions': 'transactions',
  'POST /api/public/issuers/{slug}/introduce': 'public',

  'GET /api/team': 'team',
  'POST /api/team': 'team',
  'POST /api/team/permissions': 'team',
  'POST /api/team/deactivate': 'team',
  'POST /api/team/reactivate': 'team',
  'POST /api/team/remove': 'team',
  'POST /api/team/resend-invitation': 'team',
  'POST /api/team/reset-password': 'team',

  'GET /api/profile': 'profile',
  'POST /api/profile': 'profile',
  'GET /api/profile/partners': 'profile',
  'POST /api/profile/logo': 'profile',
  'GET /api/profile/logo': 'profile',
  'POST /api/profile/signature': 'profile',
  'GET /api/profile/signature': 'profile',
  'POST /api/profile/test-storage': 'profile-storage-test',
  'POST /api/profile/test-mail': 'profile-mail-test',
  'POST /api/profile/office365-token': 'profile-mail-test',

  'GET /api/cohorts': 'cohorts',
  'POST /api/cohorts': 'cohorts',
  'GET /api/recipients': 'recipients',
  'POST /api/recipients/update': 'recipients',
  'POST /api/recipients/delete': 'recipients',
  'POST /api/recipients/copy-email-as-key': 'recipients',
  'GET /api/recipients/photo': 'recipients',
  'GET /api/recipients/document': 'recipients',
  'GET /api/recipients/sample-sheet': 'recipients',
  'POST /api/uploads': 'uploads',
  'GET /api/uploads/{id}': 'uploads',
  'POST /api/uploads/{id}/import': 'uploads',
  'POST /api/invitations/preview': 'invitations',
  'POST /api/invitations': 'invitations',
  'GET /api/programmes': 'programmes',
  'POST /api/programmes/import': 'programmes',

  'GET /api/workspace': 'workspace',
  'GET /api/workspace/runs': 'workspace',
  'GET /api/workspace/runs/{id}': 'workspace',
  'POST /api/workspace/generate': 'workspace',
  'POST /api/workspace/preview': 'workspace-preview',
  'POST /api/workspace/validate': 'workspace-preview',
  'POST /api/workspace/review': 'workspace',
  'POST /api/workspace/reset': 'workspace',

  'GET /api/balance': 'balance',
  'POST /api/balance/top-up': 'balance',
  'POST /api/workspace/issue': 'workspace-issuing',
  'POST /api/workspace/bake': 'workspace-issuing',
  'POST /api/workspace/revoke': 'workspace-issuing',
  'POST /api/workspace/hold': 'workspace-issuing',
  'POST /api/workspace/unhold': 'workspace-issuing',
  'GET /api/approvals': 'approvals',
  'POST /api/approvals': 'approvals',

  'GET /api/designs/gallery': 'designs',
  'GET /api/designs': 'designs',
  'POST /api/designs': 'designs',
  'POST /api/designs/preview': 'designs',
  'POST /api/designs/images': 'designs',
  'GET /api/mail-templates': 'mail-templates',
  'POST /api/mail-templates': 'mail-templates',
  'POST /api/mail-templates/preview': 'mail-templates',
  'POST /api/mail-templates/test': 'mail-templates',

  'POST /api/workspace/send': 'workspace-delivery',
  'POST /api/workspace/download': 'workspace-delivery',
  'POST /api/workspace/download-zip': 'workspace-delivery',

  'GET /api/dashboard': 'dashboard',
  'GET /api/dashboard/download': 'dashboard',
  'GET /api/dashboard/engagement': 'dashboard',
  'GET /api/dashboard/first-steps': 'dashboard',
  'GET /api/mycertificates': 'mycertificates',

  'POST /api/public/chain/{network}': 'public',
  'POST /api/public/verifications': 'public',

  'GET /api/plans': 'plans',
  'GET /api/billing/ledger': 'billing',
  'GET /api/billing/ledger/csv': 'billing',
  'POST /api/billing/checkout': 'billing',
  'GET /api/billing/payments/{id}': 'billing',
  'GET /api/billing/purchases': 'billing',
  'GET /api/billing/payments/{id}/receipt': 'billing',
  'POST /api/public/stripe/webhook': 'public-stripe',
  'GET /api/public/mail/{token}/open': 'public-mail',
  'GET /api/public/mail/{token}/link/{n}': 'public-mail',
  'GET /api/public/verifiers/{slug}/verification-requests': 'public-verifiers',
  'POST /api/public/verifiers/{slug}/verification-requests': 'public-verifiers',
  'POST /api/public/verifiers/{slug}/verification-requests/{requestId}/confirm': 'public-verifiers',
  'POST /api/demo/requests': 'demo',
  'POST /api/demo/recipients': 'demo',
  'POST /api/demo/progress': 'demo',
  'POST /api/demo/invitation': 'demo',
  'POST /api/demo/issue': 'demo-issuing',
  'POST /api/demo/certificate-mail': 'demo',
};

export const routes: readonly RouteDef[] = (Object.keys(contract) as RouteKey[]).map((key) => {
  const { method, path, access } = contract[key];
  return { method, path, group: groupOf[key], auth: access.kind === 'public' ? 'public' : 'user', access };
});

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;
