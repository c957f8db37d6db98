import { plansRoutes } from '@proofmark/shared/contract/billing';
import { activePlans } from '../domain/billing/plans';
import { httpGroup } from './route-group';

/** The plan catalogue, public: /Plans and the landing page's pricing read it. */
export const handler = httpGroup(plansRoutes, {
  'GET /api/plans': async () => ({ data: { plans: await activePlans() } }),
});
