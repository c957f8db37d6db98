import type { StripeEvent } from '../../adapters/stripe';
import { logger } from '../../adapters/logger';
import { once } from '../../store/idempotency';
import { payments } from '../../store/payments';
import { lostConditionalRace, update, writeAll } from '../../store/transaction';
import { changeItems } from './balance';

/**
 * What Stripe's signed events do (the webhook verified the signature first):
 * - `payment_intent.succeeded` credits the plan's certificates (a `purchase` ledger entry);
 * - `payment_intent.payment_failed` records why;
 * - `charge.refunded` takes the refunded share of the certificates back (`payment-refund`; the
 *   balance may go below zero, and issuing then waits until it is positive again).
 *
 * Each event id is handled once (the store's `once`, kept 30 days — longer than Stripe retries),
 * and the effects themselves are conditional writes on the payment's record, so deliveries in any
 * order, repeated or concurrent, end in the same balance: a refund seen before its success first
 * credits the purchase (a refunded charge was paid), then takes the share back.
 */
const EVENT_KEEP_SECONDS = 30 * 24 * 3600;

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

const current = async (p: { orgId: string; paymentId: string }) =>
  (await payments().get(p).go({ consistent: true })).data!;
type PaymentRecord = Awaited<ReturnType<typeof current>>;

const paymentById = async (paymentId: string): Promise<PaymentRecord | undefined> => {
  const { data } = await payments().query.byPaymentId({ paymentId }).go({ limit: 1 });
  const found = data[0];
  if (!found) return undefined;
  // The index is eventually consistent: read the record itself.
  const { data: record } = await payments().get({ orgId: found.orgId, paymentId }).go({ consistent: true });
  return record ?? undefined;
};


/** Credits the plan's certificates once, with the payment marked in the same transaction. */
const creditPurchase = async (p: PaymentRecord) => {
  if (p.purchased) return;
  try {
    await writeAll([
      update(
        payments()
          .patch({ orgId: p.orgId, paymentId: p.paymentId })
          .set({ purchased: true, status: 'succeeded', succeededAt: new Date().toISOString() })
          .where((a, op) => `(${op.notExists(a.purchased)} OR ${op.eq(a.purchased, false)})`)
          .params(),
      ),
      ...changeItems(p.orgId, p.certificates, 'purchase', {
        paymentId: p.paymentId,
        note: p.planName,
        entryId: `purchase#${p.paymentId}`,
      }),
    ]);
  } catch (err) {
    if (!lostConditionalRace(err)) throw err; // credited meanwhile by a concurrent delivery
  }
};

/** The certificates a refund of `refundedCents` takes back: its share of the plan, rounded. */
export const refundedShare = (certificates: number, amountCents: number, refundedCents: number) =>
  Math.min(certificates, Math.round((certificates * Math.min(refundedCents, amountCents)) / amountCents));

/** Takes back what the refunds so far say is due and was not taken yet (never more, never twice). */
const takeBackRefund = async (orgId: string, paymentId: string, refundedCents: number) => {
  for (;;) {
    const p = await current({ orgId, paymentId });
    const due = refundedShare(p.certificates, p.amountCents, Math.max(refundedCents, p.refundedCents ?? 0));
    const taken = p.takenBack ?? 0;
    if (due <= taken) return;
    try {
      await writeAll([
        update(
          payments()
            .patch({ orgId, paymentId })
            .set({ takenBack: due, refundedCents: Math.max(refundedCents, p.refundedCents ?? 0) })
            .where((a, op) =>
              taken === 0 ? `(${op.notExists(a.takenBack)} OR ${op.eq(a.takenBack, 0)})` : op.eq(a.takenBack, taken),
            )
            .params(),
        ),
        ...changeItems(orgId, -(due - taken), 'payment-refund', {
          paymentId,
          entryId: `payment-refund#${paymentId}#${due}`,
        }),
      ]);
      return;
    } catch (err) {
      if (!lostConditionalRace(err)) throw err; // another delivery moved it: read again
    }
  }
};

const recordFailure = async (p: PaymentRecord, why: string) => {
  if (p.purchased) return;
  await payments()
    .patch({ orgId: p.orgId, paymentId: p.paymentId })
    .set({ status: 'failed', failure: why })
    .where((a, op) => `(${op.notExists(a.purchased)} OR ${op.eq(a.purchased, false)})`)
    .go({ response: 'none' })
    .catch((err: unknown) => {
      if (!lostConditionalRace(err) && (err as { cause?: { name?: string } }).cause?.name !== 'ConditionalCheckFailedException')
        throw err;
    });
};

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The payment an event is about: a PaymentIntent's own id, or a charge's `payment_intent`. */
const paymentIdOf = (event: StripeEvent) => {
  const o = event.data.object;
  if (event.type.startsWith('payment_intent.')) return text(o.id);
  if (event.type.startsWith('charge.')) return text(o.payment_intent);
  return undefined;
};

export const handleStripeEvent = async (event: StripeEvent): Promise<EventOutcome> => {
  const handled = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded'];
  if (!handled.includes(event.type)) return 'ignored';
  const paymentId = paymentIdOf(event);
  const payment = paymentId ? await paymentById(paymentId) : undefined;
  if (!payment) {
    // Not ours (another integration on the same Stripe account) or never seen: nothing to change.
    logger.warn('Stripe event for a payment we do not know', { eventId: event.id, type: event.type, paymentId });
    return 'ignored';
  }
  const { first } = await once(
    { orgId: payment.orgId, scope: 'stripe-event', key: event.id },
    async () => {
      const o = event.data.object;
      if (event.type === 'payment_intent.succeeded') await creditPurchase(payment);
      if (event.type === 'payment_intent.payment_failed') {
        const error = o.last_payment_error as { message?: string } | undefined;
        await recordFailure(payment, error?.message ?? 'the card was declined');
      }
      if (event.type === 'charge.refunded') {
        await creditPurchase(payment);
        await takeBackRefund(payment.orgId, payment.paymentId, Number(o.amount_refunded ?? 0));
      }
    },
    { keepSeconds: EVENT_KEEP_SECONDS, waitMs: 10_000 },
  );
  return first ? 'applied' : 'duplicate';
};
