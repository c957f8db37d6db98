import { answer } from './client';

/** The organisation's blockchain transaction receipts (shared/src/contract/transactions.ts). */
export const transactionsApi = {
  list: () => answer('GET /api/transactions', {}),
};
