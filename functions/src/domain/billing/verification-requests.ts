import { randomUUID } from 'node:crypto';
import type {
  VerificationOfferData,
  VerificationRequestForm,
} from '@proofmark/shared/contract/verification-requests';
import { notFound } from '@proofmark/shared/errors';
import { logger } from '../../adapters/logger';
import { enqueueJob, pendingJobMark } from '../../adapters/queue';
import { createPaymentIntent, retrievePaymentIntent, type StripeAccount } from '../../adapters/stripe';
import { paidVerificationRequests } from '../../store/paid-verification-requests';
import { written } from '../../store/table';
import { orgIdBySlug } from '../accounts/users';
import { getOrgSettings, secretName } from '../settings/org-settings';
import { readSecret } from '../settings/secrets';

/**
 * Paid verification requests (§3's verification request row): an employer on the organisation's
 * public verifier page asks it to verify a candidate and pays the organisation's fee to the
 * organisation's own Stripe account, with its keys from Setting → payment provider — never ours.
 * Nothing the browser says about the payment is trusted: the fee comes from the settings, and a
 * request becomes paid only when its PaymentIntent, read back from the organisation's account, has
 * succeeded for this request's amount, currency and id.
 */

export const verificationRequestMessages = {
  notTaken: 'This organisation does not take verification requests online.',
  started: 'Please pay the verification fee to send your request.',
  paid: 'Thank you: your payment was received and your request was sent to the organisation.',
  processing: 'Your payment is being processed; the organisation receives your request once it completes.',
  unpaid: (why?: string) => `The payment did not go through${why ? `: ${why}` : '.'} Your request was not sent.`,
  mismatch: 'This payment does not belong to this request. Your request was not sent.',
} as const;

/** Where the organisation's Stripe API is: Stripe itself in AWS, the local stand-in on one machine. */
export interface StripeEndpoint {
  apiUrl?: string;
}

interface OrgPayments {
  orgId: string;
  account?: StripeAccount;
  publishableKey?: string;
  amountCents?: number;
  currency: string;
}

/** The organisation behind a verifier slug and its own Stripe account and fee; an unknown slug is any not-found. */
const orgPayments = async (slug: string, endpoint: StripeEndpoint): Promise<OrgPayments> => {
  const orgId = await orgIdBySlug(slug);
  if (!orgId) throw notFound();
  const [settings, secretKey] = await Promise.all([
    getOrgSettings(orgId),
    readSecret(orgId, secretName('stripesecretkey')),
  ]);
  return {
    orgId,
    ...(secretKey ? { account: { secretKey, apiUrl: endpoint.apiUrl } } : {}),
    ...(settings.stripepublickey ? { publishableKey: settings.stripepublickey } : {}),
    ...(settings.verificationfeecents ? { amountCents: settings.verificationfeecents } : {}),
    currency: settings.verificationcurrency ?? 'usd',
  };
};

const takesRequests = (p: OrgPayments): p is OrgPayments & Required<Pick<OrgPayments, 'account' | 'publishableKey' | 'amountCents'>> =>
  !!p.account && !!p.publishableKey && !!p.amountCents;

/** What the verifier page offers: the form and its fee, or why requests are not taken online. */
export const verificationOffer = async (slug: string, endpoint: StripeEndpoint): Promise<VerificationOfferData> => {
  const p = await orgPayments(slug, endpoint);
  if (!takesRequests(p)) return { accepting: false, message: verificationRequestMessages.notTaken };
  return { accepting: true, amountCents: p.amountCents, currency: p.currency };
};

/**
 * A request: a PaymentIntent for the organisation's fee on the organisation's account (its metadata
 * names the organisation and the request; one idempotency key per request, so the library's retries
 * make no second intent), and the request stored `pending`.
 */
export const startVerificationRequest = async (slug: string, form: VerificationRequestForm, endpoint: StripeEndpoint) => {
  const p = await orgPayments(slug, endpoint);
  if (!takesRequests(p)) throw notFound(verificationRequestMessages.notTaken);
  const requestId = randomUUID();
  const intent = await createPaymentIntent(p.account, {
    amountCents: p.amountCents,
    currency: p.currency,
    description: `Verification request: ${form.fullname} (${form.enrollnumber})`.slice(0, 500),
    metadata: { orgId: p.orgId, requestId, kind: 'verification-request' },
    idempotencyKey: `verification-request:${p.orgId}:${requestId}`,
  });
  await paidVerificationRequests()
    .create({
      orgId: p.orgId,
      requestId,
      requestedAt: new Date().toISOString(),
      ...form,
      paymentId: intent.id,
      amountCents: intent.amount,
      currency: intent.currency,
      status: 'pending',
    })
    .go({ response: 'none' });
  return {
    requestId,
    paymentId: intent.id,
    clientSecret: intent.clientSecret,
    publishableKey: p.publishableKey,
    amountCents: intent.amount,
    currency: intent.currency,
    ...(endpoint.apiUrl ? { standInUrl: endpoint.apiUrl } : {}),
  };
};

/**
 * After the browser confirmed the card: the PaymentIntent is read from the organisation's account
 * and, when it succeeded for this request (its id, amount, currency and metadata), the request
 * becomes paid — once, however often this is called — and the organisation is mailed once.
 */
export const confirmVerificationRequest = async (slug: string, requestId: string, endpoint: StripeEndpoint) => {
  const p = await orgPayments(slug, endpoint);
  const { data: r } = await paidVerificationRequests().get({ orgId: p.orgId, requestId }).go({ consistent: true });
  if (!r) throw notFound();
  const answer = (status: 'paid' | 'unpaid' | 'processing', message: string) => ({
    status: 200,
    message,
    data: {
      requestId,
      status,
      amountCents: r.amountCents,
      currency: r.currency,
      ...(status === 'paid' ? { transactionId: r.paymentId } : {}),
    },
  });
  if (r.status === 'paid') return answer('paid', verificationRequestMessages.paid);
  // Keys removed since the request was made: it cannot be read back, so it stays unpaid.
  if (!p.account) return answer('unpaid', verificationRequestMessages.unpaid());
  const intent = await retrievePaymentIntent(p.account, r.paymentId);
  if (!intent) return answer('unpaid', verificationRequestMessages.mismatch);
  if (intent.status === 'processing') return answer('processing', verificationRequestMessages.processing);
  if (intent.status !== 'succeeded') return answer('unpaid', verificationRequestMessages.unpaid(intent.lastError));
  const matches =
    intent.amount === r.amountCents &&
    intent.currency === r.currency &&
    intent.metadata.orgId === p.orgId &&
    intent.metadata.requestId === requestId;
  if (!matches) {
    logger.warn('paid verification request: the payment does not match', { orgId: p.orgId, requestId, paymentId: intent.id });
    return answer('unpaid', verificationRequestMessages.mismatch);
  }
  // Paid once: only the call that moves it from pending mails the organisation (the request-mail
  // job; the pending-job mark lets a lost message be queued again).
  const mail = { orgId: p.orgId, requestId };
  const first = await written(
    paidVerificationRequests()
      .patch({ orgId: p.orgId, requestId })
      .set({ status: 'paid', paidAt: new Date().toISOString(), ...pendingJobMark('request-mail', mail) })
      .where((a, op) => op.eq(a.status, 'pending'))
      .go({ response: 'none' }),
  );
  if (first) await enqueueJob('request-mail', mail);
  return answer('paid', verificationRequestMessages.paid);
};
