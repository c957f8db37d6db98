import { billingRoutes } from '@proofmark/shared/contract/billing';
import { stripeSettings } from '../adapters/stripe-keys';
import { ledgerCsv, ledgerPage } from '../domain/billing/ledger';
import { paymentState, startCheckout } from '../domain/billing/payments';
import { listPurchases, purchaseReceipt } from '../domain/billing/purchases';
import { httpGroup } from './route-group';

/** The balance ledger, checkout, payment state, purchases and receipts (the `stripe` library: its own group). */
export const handler = httpGroup(billingRoutes, {
  'GET /api/billing/ledger': async ({ query }, { caller }) => ({ data: await ledgerPage(caller.orgId, query) }),
  'GET /api/billing/ledger/csv': async (_input, { caller }) => ({ data: await ledgerCsv(caller.orgId) }),
  'POST /api/billing/checkout': async ({ body }, { caller }) => ({
    status: 201,
    data: await startCheckout(caller.orgId, caller.userId, body, await stripeSettings()),
  }),
  'GET /api/billing/payments/{id}': async ({ params }, { caller }) => ({
    data: await paymentState(caller.orgId, params.id, await stripeSettings()),
  }),
  'GET /api/billing/purchases': async (_input, { caller }) => ({
    data: { purchases: await listPurchases(caller.orgId) },
  }),
  'GET /api/billing/payments/{id}/receipt': async ({ params }, { caller }) => ({
    data: await purchaseReceipt(caller.orgId, params.id),
  }),
});
