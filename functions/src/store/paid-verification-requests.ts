import * as attr from './attributes';
import { defineEntity, GSI1, indexKey, keyPart, orgKey } from './table';

/**
 * A verification request an employer made, and paid for, on the organisation's public verifier
 * page (spec §3's verification request row). It is made `pending` with the PaymentIntent created on
 * the organisation's own Stripe account and becomes `paid` once, when that PaymentIntent is read back
 * from the organisation's account as succeeded for this request's amount (billing/verification-requests.ts).
 * The dashboard lists the paid ones of a period by time.
 *
 * | access pattern | key                                              |
 * |----------------|--------------------------------------------------|
 * | byId           | ORG#<org> / PAID_VREQ#<request id>               |
 * | byTime (gsi1)  | ORG#<org> / PAID_VREQ#<requested at>#<request id> |
 */
export const paidVerificationRequests = defineEntity('paidVerificationRequest', {
  attributes: {
    ...attr.ownedByOrg,
    requestId: attr.fixedText,
    /** ISO time the employer sent the form (the row's `timeadded`). */
    requestedAt: attr.fixedText,
    payer_name: attr.fixedText,
    organization: attr.fixedText,
    designation: attr.fixedText,
    email: attr.fixedText,
    contactnumber: attr.fixedText,
    fullname: attr.fixedText,
    enrollnumber: attr.fixedText,
    competencyname: attr.fixedText,
    /** The PaymentIntent on the organisation's Stripe account (`pi_…`): the transaction id. */
    paymentId: attr.fixedText,
    /** The organisation's fee when the request was made, in the currency's smallest unit. */
    amountCents: attr.fixedNumber,
    currency: attr.fixedText,
    /** pending → paid, once. */
    status: { type: ['pending', 'paid'] as const, required: true },
    paidAt: attr.text,
    /** When the organisation was mailed the request (the request-mail job), or why it could not be. */
    mailedAt: attr.text,
    mailFailure: attr.text,
    ...attr.pendingJobMark,
  },
  indexes: {
    byId: orgKey(keyPart('PAID_VREQ', 'requestId')),
    byTime: indexKey(GSI1, keyPart('ORG', 'orgId'), keyPart('PAID_VREQ', 'requestedAt', 'requestId')),
  },
});
