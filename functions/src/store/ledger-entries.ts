import { defineEntity, primaryKey, SERVICE } from './table';

/** What moved the balance: one reason per kind of ledger entry. */
export const ledgerReasons = ['issue', 'bake', 'refund'] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

/**
 * The organisation's balance ledger: append-only, one entry per change of the balance on its
 * organisation item, written in the same transaction as that change (domain/workspace/balance.ts),
 * so the entries always add up to what was debited and given back. Entries are never updated.
 *
 * Each kind of change has its reason; a new kind (a purchase, a plan's monthly grant) adds its
 * reason here and, when it points at something other than a run, its own optional reference
 * attribute beside `runId` (e.g. the payment's id).
 *
 * | access pattern | key                                      |
 * |----------------|------------------------------------------|
 * | byOrg          | ORG#<org> / LEDGER#<iso time>#<entry id> |
 */
export const ledgerEntries = defineEntity({
  model: { entity: 'ledgerEntry', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    /** When the balance changed (ISO time): entries sort by it. */
    at: { type: 'string', required: true, readOnly: true },
    /** Random: two entries of one millisecond stay two. */
    entryId: { type: 'string', required: true, readOnly: true },
    /** Certificates added (positive) or taken (negative). */
    amount: { type: 'number', required: true, readOnly: true },
    reason: { type: ledgerReasons, required: true, readOnly: true },
    /** The run that was charged or refunded. */
    runId: { type: 'string', readOnly: true },
  },
  indexes: {
    byOrg: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'LEDGER#${at}#${entryId}', composite: ['at', 'entryId'] },
    ),
  },
});
