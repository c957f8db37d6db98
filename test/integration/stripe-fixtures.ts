import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { LedgerEntryData } from '@proofmark/shared/contract/billing';
import { api, cloud } from './helpers';

/*
 * Paying on the test cloud: checkout through the product's API, the customer's and the product
 * team's side through the real `stripe` library pointed at the local Stripe stand-in, and events
 * the stand-in does not send by itself (forged, replayed, out of order) signed with the library's
 * own test-header helper and posted to the product's webhook.
 */
const env = () => cloud().functionEnv;

export const STARTER = { planId: 'starter', certificates: 100, priceCents: 3900 };

/** The platform's account at the stand-in (as the product team's dashboard would act on it). */
export const standInStripe = () => {
  const url = new URL(cloud().endpoints.stripe);
  return new Stripe(env().STRIPE_SECRET_KEY!, { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
};

export const balanceOf = async (who: { token: string }) =>
  (await api<{ balance: number }>('GET', '/api/balance', { token: who.token })).body.Data!.balance;

export const ledgerOf = async (who: { token: string }) =>
  (await api<{ entries: LedgerEntryData[]; balance: number }>('GET', '/api/billing/ledger?limit=100', { token: who.token }))
    .body.Data!;

export const checkout = async (who: { token: string }, body: Record<string, unknown> = { planId: STARTER.planId }) =>
  api<{ paymentId: string; clientSecret: string; publishableKey: string }>('POST', '/api/billing/checkout', {
    token: who.token,
    body,
  });

/** Posts an event to the webhook as Stripe would, signed with `secret` (the endpoint's by default). */
export const deliver = (event: object, opts: { secret?: string; timestamp?: number; signature?: string | null } = {}) => {
  const payload = JSON.stringify(event);
  const signature =
    opts.signature === null
      ? undefined
      : (opts.signature ??
        standInStripe().webhooks.generateTestHeaderString({
          payload,
          secret: opts.secret ?? env().STRIPE_WEBHOOK_SECRET!,
          timestamp: opts.timestamp,
        }));
  return fetch(`${cloud().appUrl}/api/public/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
};

const eventId = () => `evt_${randomUUID().replace(/-/g, '')}`;

export const succeededEvent = (paymentId: string, amount = STARTER.priceCents) => ({
  id: eventId(),
  object: 'event',
  type: 'payment_intent.succeeded',
  created: Math.floor(Date.now() / 1000),
  data: { object: { id: paymentId, object: 'payment_intent', amount, status: 'succeeded', metadata: {} } },
});

export const refundedEvent = (paymentId: string, amountRefunded: number, amount = STARTER.priceCents) => ({
  id: eventId(),
  object: 'event',
  type: 'charge.refunded',
  created: Math.floor(Date.now() / 1000),
  data: {
    object: { id: `ch_${randomUUID().slice(0, 8)}`, object: 'charge', payment_intent: paymentId, amount, amount_refunded: amountRefunded },
  },
});

/** A Starter plan bought and credited (its signed success event delivered): the payment's id. */
export const boughtStarter = async (who: { token: string }) => {
  const res = await checkout(who);
  if (res.status !== 201) throw new Error(`checkout refused: ${JSON.stringify(res.body)}`);
  const { paymentId } = res.body.Data!;
  const delivered = await deliver(succeededEvent(paymentId));
  if (delivered.status !== 200) throw new Error(`webhook refused the success: ${delivered.status}`);
  return paymentId;
};
