import { notFound } from '@proofmark/shared/errors';
import type { BatchView } from '@proofmark/shared/contract/batches';
import type { TransactionReceipt } from '@proofmark/shared/contract/transactions';
import { batches } from '../../store/batches';
import { publicKeys, publicUrl } from '../public-urls';
import type { Blockchain } from '../keys/chains';
import type { StatusListForm, StatusPurpose } from './status-list';
import { rowsWrittenBeforeEntities as earlierRows } from '../../store/table';

/*
 * The batch records: what a batch is, how to read one, and what callers see of it. Making a batch
 * is batches/creation.ts, storing and queueing it batches/queueing.ts, anchoring and publishing it
 * batches/anchoring.ts and batches/publishing.ts.
 */

/**
 * A batch goes prepared (its credentials stored; the anchoring job first hashes them and sets the
 * Merkle root) → signing → signed → broadcast → published. Every step is a conditional write, so a
 * redelivered or concurrently delivered job message moves it at most once; the signed raw
 * transaction is stored before it is broadcast, and a retry re-sends exactly those bytes.
 */
export interface BatchRecord {
  orgId: string;
  id: string;
  /** A batch of certificates, or a new edition of the organisation's suspension status list. */
  kind: 'credentials' | 'statuslist';
  /** First status-list index of the batch's credentials (one per credential, in order). */
  statusIndexStart?: number;
  /** Blockcerts certificates, or Open Badges 3.0 credentials (which also get an Ed25519 proof and baked images). */
  format?: 'blockcerts' | 'openbadge';
  /** Which list a status-list batch publishes. */
  statusPurpose?: StatusPurpose;
  /** Which encoding of it ('w3c': the one badges name, also eddsa-signed); blockcerts when absent. */
  statusListForm?: StatusListForm;
  state: BatchView['state'];
  blockchain: Blockchain;
  network: string;
  /** Set by the anchoring job once it has hashed the credentials (batches/preparing.ts). */
  merkleRoot?: string;
  count: number;
  createdAt: string;
  keyFragment?: string;
  nonce?: number;
  rawTx?: string;
  txId?: string;
  blockNumber?: number;
  confirmations?: number;
  credentialIds: string[];
  /**
   * The private object holding this batch's unsigned credentials: as queued (QueuedCredentials),
   * then with their hashes and Merkle root once the anchoring job has prepared them (PreparedBatch).
   */
  preparedObject?: string;
  /** When its records and PDFs were published while it was hashed (batches/publishing.ts publishAheadOfAnchor). */
  aheadOfAnchorAt?: string;
  /** The workspace run (issue or bake request) whose recipient rows this batch issues. */
  source?: { runId: string };
}

/** The stored credentials of a batch the anchoring job has not prepared yet. */
export interface QueuedCredentials {
  credentials: object[];
}

export const preparedKey = (orgId: string, id: string) => `${orgId}/batches/${id}/prepared.json`;
export const uuidOf = (credentialId: string) => credentialId.replace(/^urn:uuid:/, '');

/** The batch without the anchoring job's pending mark (the store's bookkeeping, not the batch's). */
const recordOf = ({
  gsi2pk: _pk,
  gsi2sk: _sk,
  jobMessage: _message,
  ...batch
}: BatchRecord & { gsi2pk?: string; gsi2sk?: string; jobMessage?: string }): BatchRecord => batch;

/** The organisation's batches, newest first, as transaction receipts. */
export const listTransactions = async (orgId: string, limit = 200): Promise<TransactionReceipt[]> => {
  // Without the credential ids a page holds many more batches.
  const out = await batches()
    .query.byId({ orgId })
    .go({
      pages: 'all',
      ...earlierRows,
      attributes: [
        'id',
        'kind',
        'count',
        'state',
        'blockchain',
        'network',
        'txId',
        'blockNumber',
        'confirmations',
        'createdAt',
      ],
    });
  return out.data
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit)
    .map((b) => ({
      batchId: b.id,
      kind: b.kind,
      count: b.count,
      state: b.state,
      blockchain: b.blockchain,
      network: b.network,
      txId: b.txId,
      blockNumber: b.blockNumber,
      confirmations: b.confirmations,
      createdAt: b.createdAt,
    }));
};

export const findBatch = async (orgId: string, id: string): Promise<BatchRecord | undefined> => {
  const out = await batches()
    .get({ orgId, id })
    .go({ consistent: true, ...earlierRows });
  return out.data ? recordOf(out.data) : undefined;
};

export const getBatch = async (orgId: string, id: string): Promise<BatchRecord> => {
  const batch = await findBatch(orgId, id);
  if (!batch) throw notFound('No such batch.');
  return batch;
};

export const batchView = (b: BatchRecord, slug: string): BatchView => ({
  id: b.id,
  state: b.state,
  blockchain: b.blockchain,
  network: b.network,
  merkleRoot: b.merkleRoot,
  count: b.count,
  txId: b.txId,
  confirmations: b.confirmations,
  createdAt: b.createdAt,
  credentials:
    b.state === 'published' && b.kind === 'credentials'
      ? b.credentialIds.map((id) => ({
          id,
          url: publicUrl(publicKeys.credential(slug, uuidOf(id))),
          ...(b.format === 'openbadge'
            ? {
                bakedPng: publicUrl(publicKeys.credential(slug, uuidOf(id), 'png')),
                bakedSvg: publicUrl(publicKeys.credential(slug, uuidOf(id), 'svg')),
              }
            : {}),
        }))
      : [],
});
