import * as z from 'zod';
import { anchorBatch } from '../domain/batch-anchoring';
import { sqsJob } from './kit';

export const handler = sqsJob(
  'anchor',
  z.object({ orgId: z.string().min(1), batchId: z.string().min(1) }),
  (m) => anchorBatch(m.orgId, m.batchId),
);
