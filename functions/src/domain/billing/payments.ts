import { randomUUID } from 'node:crypto';
import type { PaymentData } from '@proofmark/shared/contract/billing';
import { AppError, notFound } from '@proofmark/shared/errors';
import { createPaymentIntent, retrievePaymentIntent, type StripeAccount } from '../../adapters/stripe';
import { payments } from '../../store/payments';
import { written } from '../../store/table';
import { sellablePlan } from './plans';

/** The platform's Stripe account as the handler hands it over (from the function's configuration). */
export interface PlatformStripe extends Partial<StripeAccount> {
  publishableKey: string;
}

export const paymentsNotConfigured = 'Payments are not set up on this installation yet.';

const accountOf = (stripe: PlatformStripe): StripeAccount => {
  if (!stripe.secretKey || !stripe.publishableKey) throw new AppError('unavailable', paymentsNotConfigured);
  return { secretKey: stripe.secretKey, apiUrl: stripe.apiUrl };
};

/**
 * A checkout (§7 stripecharge, done the PaymentIntent way): a PaymentIntent for the stored plan's
 * price — never an amount from the browser — with the organisation, plan and count in its metadata
 * and one idempotency key per checkout, so a repeated click makes no second intent. Nothing is
 * credited here: only the signed `payment_intent.succeeded` event does (stripe-events.ts).
 */
export const startCheckout = async (
  orgId: string,
  userId: string,
  input: { planId: string; checkoutId?: string },
  stripe: PlatformStripe,
) => {
  const plan = await sellablePlan(input.planId);
  const account = accountOf(stripe);
  const intent = await createPaymentIntent(account, {
    amountCents: plan.priceCents,
    currency: plan.currency,
    description: `Proofmark ${plan.name}: ${plan.certificates} certificates`,
    metadata: { orgId, planId: plan.planId, certificates: String(plan.certificates), userId },
    idempotencyKey: `checkout:${orgId}:${input.checkoutId ?? randomUUID()}`,
  });
  // A retried checkout answers the same intent: its record exists already.
  await written(
    payments()
      .create({
        orgId,
        paymentId: intent.id,
        planId: plan.planId,
        planName: plan.name,
        certificates: plan.certificates,
        amountCents: intent.amount,
        currency: intent.currency,
        createdAt: new Date().toISOString(),
        createdBy: userId,
        status: 'processing',
      })
      .go({ response: 'none' }),
  );
  return {
    paymentId: intent.id,
    clientSecret: intent.clientSecret,
    publishableKey: stripe.publishableKey,
    ...(stripe.apiUrl ? { standInUrl: stripe.apiUrl } : {}),
  };
};

export const paymentMessages = {
  succeeded: (certificates: number) => `Payment received: ${certificates} certificates were added to your balance.`,
  processing: 'Your payment is being processed.',
  failed: (why?: string) => `The payment failed${why ? `: ${why}` : '.'}`,
};

/**
 * A payment's state for /paymentstatus: succeeded only once the webhook has credited it; failed when
 * Stripe refused the card (read from Stripe itself, so a failure shows even before its event comes).
 * Another organisation's payment is not found.
 */
export const paymentState = async (orgId: string, paymentId: string, stripe: PlatformStripe): Promise<PaymentData> => {
  const { data: p } = await payments().get({ orgId, paymentId }).go({ consistent: true });
  if (!p) throw notFound('No such payment.');
  const base = {
    paymentId,
    planName: p.planName,
    certificates: p.certificates,
    amountCents: p.amountCents,
    currency: p.currency,
    createdAt: p.createdAt,
  };
  if (p.purchased) return { ...base, status: 'succeeded', message: paymentMessages.succeeded(p.certificates) };
  let failure = p.status === 'failed' ? p.failure : undefined;
  if (failure === undefined) {
    const intent = await retrievePaymentIntent(accountOf(stripe), paymentId);
    if (intent?.status === 'requires_payment_method' && intent.lastError) failure = intent.lastError;
    if (intent?.status === 'canceled') failure = 'the payment was cancelled';
  }
  return failure !== undefined
    ? { ...base, status: 'failed', message: paymentMessages.failed(failure) }
    : { ...base, status: 'processing', message: paymentMessages.processing };
};
