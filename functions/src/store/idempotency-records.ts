import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * What ./idempotency.ts remembers of one piece of work named by the caller (a client's request id,
 * a job's chunk): who is doing it and until when, then its recorded result until the record expires.
 *
 * | access pattern | key                                   |
 * |----------------|---------------------------------------|
 * | byKey          | ORG#<org> / IDEMPOTENCY#<scope>#<key> |
 */
export const idempotencyRecords = defineEntity('idempotencyRecord', {
  attributes: {
    ...attr.ownedByOrg,
    /** What kind of work (`issue`, `send-chunk`…): two kinds never share a key. */
    scope: attr.fixedText,
    key: attr.fixedText,
    state: { type: ['in-progress', 'done'] as const, required: true },
    /** The caller that holds the work; only it may record the result or let the work go. */
    owner: attr.requiredText,
    /** Epoch ms after which an unfinished holder counts as dead and a duplicate may take over. */
    leaseUntil: attr.number,
    /** The work's result as JSON (absent for work that returns nothing). */
    result: attr.text,
    createdAt: attr.requiredText,
    /** Epoch seconds (the table's TTL attribute). */
    expiresAt: attr.requiredNumber,
  },
  indexes: { byKey: orgKey(keyPart('IDEMPOTENCY', 'scope', 'key')) },
});
