import * as attr from './attributes';
import { defineEntity, GSI1, indexKey, keyPart, orgKey } from './table';

/**
 * A payment for a plan: one Stripe PaymentIntent, made at checkout and moved only by Stripe's signed
 * webhook events (stripe-events.ts). What it credits and takes back is decided by its own record, so
 * events may come in any order and any number of times: `purchased` flips once (with the purchase's
 * ledger entry, in one transaction), `takenBack` only grows to the share `refundedCents` says.
 *
 * | access pattern       | key                                  |
 * |----------------------|--------------------------------------|
 * | byId                 | ORG#<org> / PAYMENT#<payment id>     |
 * | byPaymentId (gsi1)   | STRIPE_PAYMENT#<payment id> / PAYMENT |
 */
export const payments = defineEntity('payment', {
  attributes: {
    ...attr.ownedByOrg,
    /** The PaymentIntent's id (`pi_…`). */
    paymentId: attr.fixedText,
    planId: attr.fixedText,
    planName: attr.fixedText,
    /** Certificates the plan adds. */
    certificates: attr.fixedNumber,
    /** What was charged, in the currency's smallest unit. */
    amountCents: attr.fixedNumber,
    currency: attr.fixedText,
    createdAt: attr.fixedText,
    /** Who checked out (user id). */
    createdBy: attr.fixedText,
    /** processing → succeeded, or failed (a later success still wins: the customer may retry the card). */
    status: { type: ['processing', 'succeeded', 'failed'] as const, required: true },
    /** Why the last attempt failed, as Stripe said it. */
    failure: attr.text,
    /** The plan's certificates are on the balance (its `purchase` ledger entry is written). */
    purchased: { type: 'boolean', default: false },
    succeededAt: attr.text,
    /** The highest `amount_refunded` Stripe has reported. */
    refundedCents: { ...attr.number, default: 0 },
    /** Certificates taken back for refunds so far. */
    takenBack: { ...attr.number, default: 0 },
  },
  indexes: {
    byId: orgKey(keyPart('PAYMENT', 'paymentId')),
    byPaymentId: indexKey(GSI1, keyPart('STRIPE_PAYMENT', 'paymentId'), keyPart('PAYMENT')),
  },
});
