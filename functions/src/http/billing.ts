import { billingRoutes } from '@proofmark/shared/contract/billing';
import { functionConfig } from '../adapters/function-config';
import { ledgerCsv, ledgerPage } from '../domain/billing/ledger';
import { paymentState, startCheckout } from '../domain/billing/payments';
import { httpGroup } from './route-group';

/** The balance ledger, checkout and payment state (the `stripe` library: its own group). */
export const handler = httpGroup(billingRoutes, {
  'GET /api/billing/ledger': async ({ query }, { caller }) => ({ data: await ledgerPage(caller.orgId, query) }),
  'GET /api/billing/ledger/csv': async (_input, { caller }) => ({ data: await ledgerCsv(caller.orgId) }),
  'POST /api/billing/checkout': async ({ body }, { caller }) => ({
    status: 201,
    data: await startCheckout(caller.orgId, caller.userId, body, functionConfig().stripe),
  }),
  'GET /api/billing/payments/{id}': async ({ params }, { caller }) => ({
    data: await paymentState(caller.orgId, params.id, functionConfig().stripe),
  }),
});
