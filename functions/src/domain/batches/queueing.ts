import { randomUUID } from 'node:crypto';
import type { BlockcertsCredential } from '@proofmark/shared/blockcerts/types';
import { deleteObject, putObject } from '../../adapters/blobs';
import { enqueueJob, pendingJobMark } from '../../adapters/queue';
import { batches } from '../../store/batches';
import { written } from '../../store/table';
import { anchorNetwork } from '../../adapters/chain/deployment-networks';
import type { Blockchain } from '../keys/chains';
import { getBatch, preparedKey, type BatchRecord, type QueuedCredentials } from './batches';
import type { StatusListForm, StatusPurpose } from './status-list';

/**
 * Stores a batch's credentials and the batch, and queues the anchoring job, which hashes them,
 * computes the Merkle root and publishes the issuer profile before it signs (batches/preparing.ts):
 * canonicalizing is the credential engine's heaviest code (jsonld), the profile's keys need the
 * curve code, and the HTTP function that anchors a new status-list edition after a hold or a
 * revocation should carry neither. The batch carries the job's pending mark, so a
 * restart queues it again.
 * With a fixed `batchId` (a client's request id) the batch is made once: a concurrent or repeated
 * call that loses the race answers the batch that was stored first.
 */
export const queueBatch = async (
  orgId: string,
  kind: BatchRecord['kind'],
  credentials: readonly object[],
  extra: {
    blockchain: Blockchain;
    format?: BatchRecord['format'];
    statusIndexStart?: number;
    statusPurpose?: StatusPurpose;
    statusListForm?: StatusListForm;
    createdAt: Date;
    batchId?: string;
    source?: BatchRecord['source'];
  },
): Promise<BatchRecord> => {
  const { blockchain } = extra;
  if (!credentials.length) throw new Error('A batch needs at least one credential');
  const id = extra.batchId ?? randomUUID();
  const batch: BatchRecord = {
    orgId,
    id,
    kind,
    statusIndexStart: extra.statusIndexStart,
    statusPurpose: extra.statusPurpose,
    ...(extra.statusListForm ? { statusListForm: extra.statusListForm } : {}),
    format: extra.format ?? 'blockcerts',
    state: 'prepared',
    blockchain,
    network: anchorNetwork(blockchain),
    count: credentials.length,
    createdAt: extra.createdAt.toISOString(),
    credentialIds: (credentials as BlockcertsCredential[]).map((c) => String(c.id)),
    // Each build gets its own object, named on the record: a concurrent or retried build of a
    // batch with a fixed id can never overwrite the credentials the stored batch anchors.
    preparedObject: extra.batchId ? preparedKey(orgId, `${id}/${randomUUID()}`) : preparedKey(orgId, id),
    ...(extra.source ? { source: extra.source } : {}),
  };
  const jobMessage = { orgId, batchId: batch.id };
  // The credentials themselves can exceed an item's 400 KB: they live in the private bucket.
  const queued: QueuedCredentials = { credentials: [...credentials] };
  await putObject('artefacts', batch.preparedObject!, JSON.stringify(queued), 'application/json');
  const stored = await written(
    batches()
      .create({ ...batch, ...pendingJobMark('anchor', jobMessage) })
      .go(),
  );
  if (!stored) {
    // Another delivery of the same request stored this batch first: that one stands.
    if (!extra.batchId) throw new Error(`Batch ${batch.id} exists already`);
    await deleteObject('artefacts', batch.preparedObject!).catch(() => undefined);
    const first = await getBatch(orgId, batch.id);
    await requeueAnchor(first);
    return first;
  }
  await enqueueJob('anchor', jobMessage);
  return batch;
};

/**
 * Queues the anchoring of a stored batch again unless it is published: the delivery that stored it
 * may have found the queue unreachable (or died) before queueing it, and a retry that finds the
 * batch must not leave it unanchored. Anchoring is idempotent on the batch (one transaction).
 */
export const requeueAnchor = async (batch: Pick<BatchRecord, 'orgId' | 'id' | 'state'>) => {
  if (batch.state !== 'published') await enqueueJob('anchor', { orgId: batch.orgId, batchId: batch.id });
};
