import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * What ./idempotency.ts remembers of one piece of work named by the caller (a client's request id,
 * a job's chunk): who is doing it and until when, then its recorded result until the record expires.
 *
 * | access pattern | key                                   |
 * |----------------|---------------------------------------|
 * | byKey          | ORG#<org> / IDEMPOTENCY#<scope>#<key> |
 */
export const idempotencyRecords = defineEntity({
  model: { entity: 'idempotencyRecord', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    /** What kind of work (`issue`, `send-chunk`…): two kinds never share a key. */
    scope: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    state: { type: ['in-progress', 'done'] as const, required: true },
    /** The caller that holds the work; only it may record the result or let the work go. */
    owner: { type: 'string', required: true },
    /** Epoch ms after which an unfinished holder counts as dead and a duplicate may take over. */
    leaseUntil: { type: 'number' },
    /** The work's result as JSON (absent for work that returns nothing). */
    result: { type: 'string' },
    createdAt: { type: 'string', required: true },
    /** Epoch seconds (the table's TTL attribute). */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byKey: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'IDEMPOTENCY#${scope}#${key}', composite: ['scope', 'key'] },
    ),
  },
});
