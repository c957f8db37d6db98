import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../auth/queryKeys';
import { useOrgScope } from '../auth/useOrgScope';
import { api } from './client';

/** Checkout, payment state, the balance ledger, purchases and receipts (shared/src/contract/billing.ts). */
export const billingApi = {
  balance: () => api('GET /api/balance', {}),
  checkout: (planId: string, checkoutId: string) =>
    api('POST /api/billing/checkout', { body: { planId, checkoutId } }),
  payment: (id: string) => api('GET /api/billing/payments/{id}', { params: { id } }),
  ledger: (cursor?: string) => api('GET /api/billing/ledger', { query: { limit: 25, ...(cursor ? { cursor } : {}) } }),
  ledgerCsv: () => api('GET /api/billing/ledger/csv', {}),
  purchases: () => api('GET /api/billing/purchases', {}),
  receipt: (id: string) => api('GET /api/billing/payments/{id}/receipt', { params: { id } }),
};

export const billingKeys = {
  all: (org: string) => [...queryKeys.org(org), 'billing'] as const,
  ledger: (org: string, cursor: string | undefined) => [...billingKeys.all(org), 'ledger', cursor ?? ''] as const,
  purchases: (org: string) => [...billingKeys.all(org), 'purchases'] as const,
};

/** One page of the ledger, newest first (`cursor`: the previous page's `nextCursor`). */
export function useLedgerPage(cursor: string | undefined) {
  const org = useOrgScope();
  return useQuery({ queryKey: billingKeys.ledger(org, cursor), queryFn: () => billingApi.ledger(cursor) });
}

export function usePurchases() {
  const org = useOrgScope();
  return useQuery({ queryKey: billingKeys.purchases(org), queryFn: billingApi.purchases, select: (d) => d.purchases });
}

/** Saves a file the API answered as base64 (a receipt's PDF) or as text (the ledger's CSV). */
export function saveFile(filename: string, contentType: string, content: { base64: string } | { text: string }): void {
  const blob =
    'base64' in content
      ? new Blob([Uint8Array.from(atob(content.base64), (c) => c.charCodeAt(0))], { type: contentType })
      : new Blob([content.text], { type: contentType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
