import * as z from 'zod';
import { transactionReceipt } from '../api/credentials';
import { anyMember, defineRoutes } from './define';

/** /api/transactions: the Setting tab's receipts of the organisation's anchoring transactions. */
export const transactionsRoutes = defineRoutes({
  'GET /api/transactions': { access: anyMember, data: z.array(transactionReceipt) },
});
