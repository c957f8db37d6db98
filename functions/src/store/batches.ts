import { batchStates } from '@proofmark/shared/api/credentials';
import { blockchains } from '@proofmark/shared/settings/choices';
import { defineEntity, primaryKey, SERVICE } from './table';

const statusPurposes = ['suspension', 'revocation'] as const;

/**
 * A batch anchored by one blockchain transaction: certificates or badges, or a new edition of one
 * of the organisation's status lists. It moves prepared → signing → signed → broadcast → published
 * by conditional writes on `state`; the signed raw transaction (`rawTx`) is stored before it is
 * broadcast. The prepared credentials live in the artefacts bucket (`preparedObject`).
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
export const batches = defineEntity({
  model: { entity: 'batch', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    kind: { type: ['credentials', 'statuslist'] as const, required: true },
    statusIndexStart: { type: 'number' },
    format: { type: ['blockcerts', 'openbadge'] as const },
    statusPurpose: { type: statusPurposes },
    statusListForm: { type: ['blockcerts', 'w3c'] as const },
    state: { type: batchStates, required: true },
    blockchain: { type: blockchains, required: true },
    network: { type: 'string', required: true },
    merkleRoot: { type: 'string', required: true },
    count: { type: 'number', required: true },
    createdAt: { type: 'string', required: true },
    keyFragment: { type: 'string' },
    nonce: { type: 'number' },
    rawTx: { type: 'string' },
    txId: { type: 'string' },
    blockNumber: { type: 'number' },
    confirmations: { type: 'number' },
    credentialIds: { type: 'list', items: { type: 'string' }, required: true },
    preparedObject: { type: 'string' },
    source: { type: 'map', properties: { runId: { type: 'string', required: true } } },
    gsi2pk: { type: 'string' },
    gsi2sk: { type: 'string' },
    jobMessage: { type: 'string' },
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'BATCH#${id}', composite: ['id'] },
    ),
  },
});
