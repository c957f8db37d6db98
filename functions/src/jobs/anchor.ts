import { anchorBatch, settleAnchorFailed } from '../domain/batches/anchoring';
import { sqsJob } from './sqs-job';

export const handler = sqsJob(
  'anchor',
  (m) => anchorBatch(m.orgId, m.batchId),
  (m, reason) => settleAnchorFailed(m.orgId, m.batchId, reason),
);
