import { prepareBatch } from '@proofmark/shared/blockcerts/proof';
import type { BlockcertsCredential } from '@proofmark/shared/blockcerts/types';
import { getObjectText, putObject } from '../../adapters/blobs';
import { batches } from '../../store/batches';
import { written } from '../../store/table';
import { preparedKey, type BatchRecord, type QueuedCredentials } from './batches';
import { publishIssuerDocuments } from './public-docs';

/*
 * The anchoring job's first step (batches/anchoring.ts): hashing a queued batch's credentials
 * exactly as they will be published (RDF canonicalization), computing the Merkle root its
 * transaction carries, and publishing the issuer profile its proofs will name (current keys and
 * settings). It lives in the job, not where batches are queued (batches/queueing.ts), so the HTTP
 * function that anchors a new status-list edition carries neither the canonicalizer nor the curve
 * code of the profile's keys.
 */

/**
 * Prepares a batch that has no Merkle root yet: the stored credentials get their target hashes
 * and root (the object then holds the PreparedBatch that publishing finalizes), the issuer
 * documents are rewritten, then the root is set on the record. Hashing is deterministic, so a
 * concurrent or repeated delivery writes the same bytes and the same root; the root is set once
 * (the record's condition) and only after the object holds the hashes, so nothing past `prepared`
 * ever reads a half-prepared batch.
 */
export const prepareQueuedBatch = async (batch: BatchRecord): Promise<string> => {
  if (batch.merkleRoot) return batch.merkleRoot;
  const key = batch.preparedObject ?? preparedKey(batch.orgId, batch.id);
  const text = await getObjectText('artefacts', key);
  if (!text) throw new Error(`The credentials of batch ${batch.id} are missing from the artefacts bucket`);
  const { credentials } = JSON.parse(text) as QueuedCredentials;
  const prepared = await prepareBatch(credentials as BlockcertsCredential[]);
  await publishIssuerDocuments(batch.orgId);
  await putObject('artefacts', key, JSON.stringify(prepared), 'application/json');
  await written(
    batches()
      .patch({ orgId: batch.orgId, id: batch.id })
      .set({ merkleRoot: prepared.merkleRoot })
      .where(({ merkleRoot }, { notExists }) => notExists(merkleRoot))
      .go(),
  );
  return prepared.merkleRoot;
};
