import { approvalsRoutes } from './approvals';
import { authRoutes } from './auth';
import { balanceRoutes } from './balance';
import { batchesRoutes } from './batches';
import { billingRoutes, plansRoutes, stripeWebhookRoutes } from './billing';
import { cohortsRoutes } from './cohorts';
import { dashboardRoutes, mailTrackingRoutes, myCertificatesRoutes } from './dashboard';
import { designsRoutes } from './designs';
import { demoRoutes } from './demo';
import { invitationsRoutes } from './invitations';
import { keysRoutes } from './keys';
import { mailTemplatesRoutes } from './mail-templates';
import { profileRoutes } from './profile';
import { programmesRoutes } from './programmes';
import { publicRoutes } from './public';
import { recipientsRoutes } from './recipients';
import { systemRoutes } from './system';
import { teamRoutes } from './team';
import { transactionsRoutes } from './transactions';
import { uploadsRoutes } from './uploads';
import { verificationRequestRoutes } from './verification-requests';
import { workspaceRoutes } from './workspace';

/**
 * The API: every route, by its key (`'GET /api/team'`), one file per URL area beside this one;
 * each area file also holds the request and answer schemas its routes use.
 * A route that is not here cannot be served: the route table (functions/src/routes.ts), the
 * access table and the web client are all read off this object.
 *
 * Lambda code imports its own area files, not this index, so a bundle carries only its own
 * routes' schemas.
 */
export const contract = {
  ...systemRoutes,
  ...authRoutes,
  ...keysRoutes,
  ...batchesRoutes,
  ...transactionsRoutes,
  ...teamRoutes,
  ...profileRoutes,
  ...cohortsRoutes,
  ...recipientsRoutes,
  ...uploadsRoutes,
  ...invitationsRoutes,
  ...programmesRoutes,
  ...workspaceRoutes,
  ...designsRoutes,
  ...balanceRoutes,
  ...approvalsRoutes,
  ...dashboardRoutes,
  ...myCertificatesRoutes,
  ...publicRoutes,
  ...plansRoutes,
  ...billingRoutes,
  ...stripeWebhookRoutes,
  ...mailTrackingRoutes,
  ...demoRoutes,
  ...mailTemplatesRoutes,
  ...verificationRequestRoutes,
};

export type Contract = typeof contract;
export type RouteKey = keyof Contract;
export const routeKeys = Object.keys(contract) as RouteKey[];
