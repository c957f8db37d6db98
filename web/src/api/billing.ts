import { api } from './client';

/** Checkout, payment state and the balance ledger (shared/src/contract/billing.ts). */
export const billingApi = {
  balance: () => api('GET /api/balance', {}),
  checkout: (planId: string, checkoutId: string) =>
    api('POST /api/billing/checkout', { body: { planId, checkoutId } }),
  payment: (id: string) => api('GET /api/billing/payments/{id}', { params: { id } }),
  ledger: (cursor?: string) => api('GET /api/billing/ledger', { query: { limit: 25, ...(cursor ? { cursor } : {}) } }),
  ledgerCsv: () => api('GET /api/billing/ledger/csv', {}),
};
