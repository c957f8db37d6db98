import * as z from 'zod';
import { envelope } from './envelope';
import { blockchainChoice } from './keys';
import { anyMember, defineRoutes } from './define';

export const batchStates = ['prepared', 'signing', 'signed', 'broadcast', 'published'] as const;
export const batchView = z.object({
  id: z.string(),
  state: z.enum(batchStates),
  blockchain: blockchainChoice,
  network: z.string(),
  /** What the anchoring transaction carries; absent until the anchoring job has hashed the batch. */
  merkleRoot: z.string().optional(),
  count: z.number(),
  txId: z.string().optional(),
  confirmations: z.number().optional(),
  createdAt: z.string(),
  /** Published credentials; Open Badges also come baked into a PNG and an SVG. */
  credentials: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      bakedPng: z.string().optional(),
      bakedSvg: z.string().optional(),
    }),
  ),
});
export type BatchView = z.infer<typeof batchView>;
export const batchResponse = envelope(batchView);

/**
 * /api/batches: a batch is only read here (e.g. a status-list edition). Issuing, revoking, holding
 * and unholding have one API each, the workspace's (/api/workspace/*), with its checks, debit and
 * row updates.
 */
export const batchesRoutes = defineRoutes({
  'GET /api/batches/{id}': { access: anyMember, data: batchView },
});
