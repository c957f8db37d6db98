import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

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
export const ledgerEntries = defineEntity('ledgerEntry', {
  // Entries are never updated: every attribute is read-only.
  attributes: {
    ...attr.ownedByOrg,
    /** When the balance changed (ISO time): entries sort by it. */
    at: attr.fixedText,
    /** Random: two entries of one millisecond stay two. */
    entryId: attr.fixedText,
    /** Certificates added (positive) or taken (negative). */
    amount: attr.fixedNumber,
    reason: { ...attr.fixedText, type: ledgerReasons },
    /** The run that was charged or refunded. */
    runId: { type: 'string', readOnly: true },
  },
  indexes: { byOrg: orgKey(keyPart('LEDGER', 'at', 'entryId')) },
});
