import { batchStates } from '@proofmark/shared/contract/batches';
import { blockchains } from '@proofmark/shared/settings/choices';
import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

const statusPurposes = ['suspension', 'revocation'] as const;

/**
 * A batch anchored by one blockchain transaction: certificates or badges, or a new edition of one
 * of the organisation's status lists. It moves prepared → signing → signed → broadcast → published
 * by conditional writes on `state`; the signed raw transaction (`rawTx`) is stored before it is
 * broadcast. The credentials live in the artefacts bucket (`preparedObject`); the anchoring job
 * hashes them and sets `merkleRoot` before it leaves `prepared`. A batch of certificates made by an
 * issue request gets `aheadOfAnchorAt` once the issue job has published what needs no anchor.
 *
 * Until it is published, the batch also carries the pending-job mark of the anchoring job (gsi2
 * `PENDING#anchor` and the time it was queued, with `jobMessage`), which a restart of the local
 * cloud queues again.
 *
 * | access pattern | key                         |
 * |----------------|-----------------------------|
 * | byId / byOrg   | ORG#<org> / BATCH#<batch>   |
 * | (pending mark) | gsi2: PENDING#anchor / <queued at> |
 */
export const batches = defineEntity('batch', {
  attributes: {
    ...attr.ownedByOrg,
    id: attr.fixedText,
    kind: { type: ['credentials', 'statuslist'] as const, required: true },
    statusIndexStart: attr.number,
    format: { type: ['blockcerts', 'openbadge'] as const },
    statusPurpose: { type: statusPurposes },
    statusListForm: { type: ['blockcerts', 'w3c'] as const },
    state: { type: batchStates, required: true },
    blockchain: { type: blockchains, required: true },
    network: attr.requiredText,
    // Absent until the anchoring job has hashed the credentials.
    merkleRoot: attr.text,
    count: attr.requiredNumber,
    createdAt: attr.requiredText,
    keyFragment: attr.text,
    nonce: attr.number,
    rawTx: attr.text,
    txId: attr.text,
    blockNumber: attr.number,
    confirmations: attr.number,
    credentialIds: { ...attr.texts, required: true },
    preparedObject: attr.text,
    // Set once what needs no anchor is published (domain/batches/publishing.ts publishAheadOfAnchor).
    aheadOfAnchorAt: attr.text,
    source: { type: 'map', properties: { runId: attr.requiredText } },
    ...attr.pendingJobMark,
  },
  indexes: { byId: orgKey(keyPart('BATCH', 'id')) },
});
