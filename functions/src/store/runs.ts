import { defineEntity, primaryKey, SERVICE } from './table';

const text = { type: 'string' } as const;
const count = { type: 'number' } as const;
const strings = { type: 'list', items: { type: 'string' } } as const;

/**
 * A run: the progress record of one piece of long work (generate, issue, bake, send, download,
 * invite) that the UI follows while a job does it. Issue and bake runs also carry what their job
 * needs (the rows asked for, the chain, the debit). A run whose job is unfinished carries the
 * pending-job mark (gsi2 `PENDING#<job>`, adapters/queue.ts) or, when it is due later, the
 * scheduled mark (gsi2 `SCHEDULED`, adapters/scheduler.ts); infra/local reads those across record
 * kinds, so they are plain attributes here, not an access pattern of this entity.
 *
 * | access pattern | key                    |
 * |----------------|------------------------|
 * | byId / byOrg   | ORG#<org> / RUN#<run>  |
 */
export const runs = defineEntity({
  model: { entity: 'run', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    kind: { type: 'string', required: true, readOnly: true },
    state: { type: 'string', required: true },
    total: { type: 'number', required: true },
    done: { type: 'number', required: true },
    failed: { type: 'number', required: true },
    /** Per-recipient problems ("<studentid>: <reason>"), at most 50 kept. */
    errors: { ...strings, required: true },
    message: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
    scheduledAt: text,
    batchId: text,
    txId: text,
    downloadUrl: text,
    // ——— issue and bake runs (domain/workspace/issue.ts) ———
    certtype: text,
    items: strings,
    blockchain: text,
    requested: count,
    claimed: count,
    refunded: count,
    // ——— the pending-job or scheduled mark ———
    gsi2pk: text,
    gsi2sk: text,
    jobMessage: text,
    scheduledJob: text,
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'RUN#${id}', composite: ['id'] },
    ),
  },
});
