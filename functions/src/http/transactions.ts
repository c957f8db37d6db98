import { transactionsRoutes } from '@proofmark/shared/contract/transactions';
import { listTransactions } from '../domain/batches/batches';
import { httpGroup } from './route-group';

/** The organisation's anchoring transactions (one per batch), for the transaction receipts. */
export const handler = httpGroup(transactionsRoutes, {
  'GET /api/transactions': async (_input, { caller }) => ({ data: await listTransactions(caller.orgId) }),
});
