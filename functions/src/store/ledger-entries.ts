import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/** What moved the balance: one reason per kind of ledger entry. */
export const ledgerReasons = [
  /** The free trial, written at registration (or once, later, for organisations from before the ledger). */
  'trial',
  'issue',
  'bake',
  /** Certificates debited for rows that were never issued (unclaimed rows, a failed run). */
  'refund',
  /** A plan bought: the payment's `paymentId`. */
  'purchase',
  /** A payment refunded through Stripe: its share of the plan's certificates taken back. */
  'payment-refund',
  /** Given by the product team (`npm run grant`, store/grants.ts): `note` says why, `by` who ran it. */
  'grant',
] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

/**
 * The organisation's balance ledger: append-only, one entry per change of the balance on its
 * organisation item, written in the same transaction as that change (domain/billing/balance.ts),
 * so the entries always add up to what was debited and given back. Entries are never updated.
 *
 * Each kind of change has its reason; what it points at is `runId` (issue, bake, refund) or
 * `paymentId` (purchase, payment refund). Entries whose once-only nature is in their key (the
 * trial's entry id is `trial`; a payment's are `purchase#<payment>`, `payment-refund#<payment>#<n>`)
 * are created with a must-not-exist condition, so a retried write cannot add them twice.
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
    /** The payment (Stripe PaymentIntent id) of a purchase or payment refund. */
    paymentId: { type: 'string', readOnly: true },
    /** A grant's reason; a purchase's plan name. */
    note: { type: 'string', readOnly: true },
    /** Who made a grant. */
    by: { type: 'string', readOnly: true },
  },
  indexes: { byOrg: orgKey(keyPart('LEDGER', 'at', 'entryId')) },
});
