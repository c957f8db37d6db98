import * as z from 'zod';
import { batchStates } from './batches';
import { envelope } from './envelope';
import { blockchainChoice } from './keys';
import { anyMember, defineRoutes } from './define';

/** One anchoring transaction (the Setting tab's transaction receipts). */
export const transactionReceipt = z.object({
  batchId: z.string(),
  kind: z.enum(['credentials', 'statuslist']),
  count: z.number(),
  state: z.enum(batchStates),
  blockchain: blockchainChoice,
  network: z.string(),
  txId: z.string().optional(),
  blockNumber: z.number().optional(),
  confirmations: z.number().optional(),
  createdAt: z.string(),
});
export type TransactionReceipt = z.infer<typeof transactionReceipt>;
export const transactionsResponse = envelope(z.array(transactionReceipt));

/** /api/transactions: the Setting tab's receipts of the organisation's anchoring transactions. */
export const transactionsRoutes = defineRoutes({
  'GET /api/transactions': { access: anyMember, data: z.array(transactionReceipt) },
});
