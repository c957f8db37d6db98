import { AppError } from '@proofmark/shared/errors';
import { batches } from '../../store/batches';
import { written } from '../../store/table';
import { activeIssuingKey, allocateNonce, issuingPrivateKey, listIssuingKeys } from '../keys/issuing-keys';
import { chainAdapter } from '../../adapters/chain/deployment-chains';
import { requiredConfirmations } from '../../adapters/chain/deployment-networks';
import { getBatch, type BatchRecord } from './batches';
import { confirmationsWithin } from './confirmation-wait';
import { prepareQueuedBatch } from './preparing';
import { publishBatch } from './publishing';
import { findRun, updateRun } from '../runs';

/*
 * The anchoring job's half of a batch's life (see batches/batches.ts for the records and
 * batches/creation.ts for how batches are made): hashing the credentials (batches/preparing.ts),
 * signing and broadcasting the anchor, then publishing (batches/publishing.ts) what the issue job
 * did not publish ahead of the anchor (batches/ahead-of-anchor.ts). Its own modules so the HTTP
 * functions that make or list batches do not carry the hashing or the publishing code (jsonld,
 * signers, baking).
 */

type Changes = Partial<
  Pick<BatchRecord, 'state' | 'rawTx' | 'txId' | 'keyFragment' | 'confirmations' | 'blockNumber'>
>;

/** Moves a batch from one state to the next only if nobody else did; false when it was already moved. */
const advance = (b: BatchRecord, from: BatchRecord['state'], changes: Changes): Promise<boolean> =>
  written(
    batches()
      .patch({ orgId: b.orgId, id: b.id })
      .set(changes)
      .where(({ state }, { eq }) => eq(state, from))
      .go(),
  );

/** Fixes the batch's nonce once: false when it was already fixed (by a concurrent delivery). */
const fixNonce = (b: BatchRecord, value: number): Promise<boolean> =>
  written(
    batches()
      .patch({ orgId: b.orgId, id: b.id })
      .set({ nonce: value })
      .where(({ nonce }, { notExists }) => notExists(nonce))
      .go(),
  );

/** The last step: published, and no longer the anchoring job's pending work. */
const markPublished = async (b: BatchRecord, conf: { confirmations: number; blockNumber?: number }) => {
  await advance(b, 'broadcast', {
    state: 'published',
    confirmations: conf.confirmations,
    ...(conf.blockNumber === undefined ? {} : { blockNumber: conf.blockNumber }),
  });
  await batches().patch({ orgId: b.orgId, id: b.id }).remove(['gsi2pk', 'gsi2sk', 'jobMessage']).go();
};

/**
 * The anchoring job: one step after another, each safe to repeat; throws to be retried later.
 * prepared (hashed: the Merkle root is set once) → signing (claimed) → the batch's nonce is fixed
 * once (never burned: a retry reuses it) → the signed bytes are stored once → broadcast (the same
 * bytes on every retry) → published.
 */
export const anchorBatch = async (orgId: string, batchId: string): Promise<BatchRecord['state']> => {
  let batch = await getBatch(orgId, batchId);
  const chain = await chainAdapter(batch.blockchain);

  if (batch.state === 'prepared') {
    await prepareQueuedBatch(batch);
    await advance(batch, 'prepared', { state: 'signing' });
    batch = await getBatch(orgId, batchId);
  }
  if (batch.state === 'signing') {
    const key = batch.keyFragment
      ? (await listIssuingKeys(orgId, batch.blockchain)).find((k) => k.fragment === batch.keyFragment)
      : await activeIssuingKey(orgId, batch.blockchain);
    if (!key)
      throw new AppError('bad_request', `Organisation ${orgId} has no active ${batch.blockchain} key`);
    if (batch.nonce === undefined && chain.pendingCount) {
      await fixNonce(batch, await allocateNonce(key, await chain.pendingCount(key.address)));
      batch = await getBatch(orgId, batchId);
    }
    // Set before the batch left `prepared` (by this delivery or the one that moved it).
    if (!batch.merkleRoot) throw new Error(`Batch ${batch.id} is signing without a Merkle root`);
    const signed = await chain.signAnchor({
      privateKeyHex: await issuingPrivateKey(key),
      merkleRootHex: batch.merkleRoot,
      nonce: batch.nonce,
    });
    // Whoever stores signed bytes first wins; a concurrent delivery then uses those bytes.
    await advance(batch, 'signing', {
      state: 'signed',
      rawTx: signed.rawTx,
      txId: signed.txId,
      keyFragment: key.fragment,
    });
    batch = await getBatch(orgId, batchId);
  }
  if (batch.state === 'signed' || batch.state === 'broadcast') {
    await chain.broadcast(batch.rawTx!);
    if (batch.state === 'signed') await advance(batch, 'signed', { state: 'broadcast' });
    const conf = await confirmationsWithin(() => chain.confirmations(batch.txId!), requiredConfirmations());
    if (!conf || conf.confirmations < requiredConfirmations()) {
      throw new Error(
        `Transaction ${batch.txId} has ${conf?.confirmations ?? 0} confirmations; waiting for ${requiredConfirmations()}`,
      );
    }
    // Publishing waits for the issue job's part (ahead-of-anchor.ts) only where it needs it.
    const broadcast = await getBatch(orgId, batchId);
    await publishBatch(broadcast);
    await markPublished(broadcast, conf);
    batch = await getBatch(orgId, batchId);
  }
  return batch.state;
};

/**
 * The job gave up on the batch (its last delivery failed): the run that asked for it fails with
 * the reason. Nothing is refunded and its rows stay issuing: the signed transaction may be on the
 * chain already, and a redrive of the parked message finishes the batch and turns the run done.
 */
export const settleAnchorFailed = async (orgId: string, batchId: string, reason: string) => {
  const batch = await getBatch(orgId, batchId);
  const runId = batch.source?.runId;
  if (batch.state === 'published' || !runId) return;
  const run = await findRun(orgId, runId);
  if (run && run.state !== 'done' && run.state !== 'failed')
    await updateRun(orgId, runId, { state: 'failed', message: reason });
};
