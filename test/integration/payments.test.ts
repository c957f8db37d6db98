import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PaymentData, PurchaseData } from '@proofmark/shared/contract/billing';
import { pdfText } from '../support/pdf-text';
import { FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { api, cloud, eventually } from './helpers';
import { registeredAdmin, teamUser } from './accounts';
import {
  balanceOf as balance,
  boughtStarter,
  checkout,
  deliver,
  ledgerOf as ledger,
  refundedEvent,
  STARTER,
  standInStripe as stripe,
  succeededEvent,
} from './stripe-fixtures';

/*
 * Payments for plans against the local Stripe stand-in, with the real `stripe` library on both
 * sides: the product's checkout and webhook, and here the customer's confirmation and the product
 * team's refund. Events the stand-in does not send (forged, replayed, out of order) are signed
 * here with the library's own test-header helper.
 */
const env = () => cloud().functionEnv;
type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

describe('paying for a plan', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
  });

  it('credits the plan once Stripe says the card was charged, and the ledger shows the trial and the purchase', async () => {
    const before = await balance(admin);
    const res = await checkout(admin);
    expect(res.status).toBe(201);
    const { paymentId, publishableKey } = res.body.Data!;
    expect(publishableKey).toMatch(/^pk_test_/);
    // The amount is the stored plan's, with the organisation, plan and count in the metadata.
    const intent = await stripe().paymentIntents.retrieve(paymentId);
    expect(intent.amount).toBe(STARTER.priceCents);
    expect(intent.metadata).toMatchObject({ orgId: admin.orgId, planId: 'starter', certificates: '100' });

    await stripe().paymentIntents.confirm(paymentId, { payment_method: 'pm_card_visa' });
    const state = await eventually(async () => {
      const s = await api<PaymentData>('GET', `/api/billing/payments/${paymentId}`, { token: admin.token });
      return s.body.Data?.status === 'succeeded' ? s.body.Data : undefined;
    });
    expect(state.message).toMatch(/100 certificates/);
    expect(await balance(admin)).toBe(before + STARTER.certificates);
    const l = await ledger(admin);
    expect(l.balance).toBe(before + STARTER.certificates);
    expect(l.entries.map((e) => e.reason)).toEqual(['purchase', 'trial']);
    expect(l.entries[0]).toMatchObject({ amount: 100, paymentId, balanceAfter: l.balance });
    expect(l.entries[1]).toMatchObject({ amount: FREE_TRIAL_CERTIFICATES, balanceAfter: FREE_TRIAL_CERTIFICATES });
  });

  it('leaves the balance alone when the card is declined, and says why', async () => {
    const before = await balance(admin);
    const { paymentId } = (await checkout(admin)).body.Data!;
    await expect(
      stripe().paymentIntents.confirm(paymentId, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' }),
    ).rejects.toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
    const state = (await api<PaymentData>('GET', `/api/billing/payments/${paymentId}`, { token: admin.token })).body.Data!;
    expect(state).toMatchObject({ status: 'failed' });
    expect(state.message).toMatch(/insufficient funds/);
    expect(await balance(admin)).toBe(before);
  });

  it('takes a refunded payment back, whatever else happened', async () => {
    const other = await registeredAdmin();
    const { paymentId } = (await checkout(other)).body.Data!;
    await stripe().paymentIntents.confirm(paymentId, { payment_method: 'pm_card_visa' });
    await eventually(async () => ((await balance(other)) === FREE_TRIAL_CERTIFICATES + 100 ? true : undefined));
    // Half refunded, then the rest: 50 and 50 certificates back.
    await stripe().refunds.create({ payment_intent: paymentId, amount: STARTER.priceCents / 2 });
    await eventually(async () => ((await balance(other)) === FREE_TRIAL_CERTIFICATES + 50 ? true : undefined));
    await stripe().refunds.create({ payment_intent: paymentId });
    await eventually(async () => ((await balance(other)) === FREE_TRIAL_CERTIFICATES ? true : undefined));
    const l = await ledger(other);
    expect(l.entries.map((e) => [e.reason, e.amount])).toEqual([
      ['payment-refund', -50],
      ['payment-refund', -50],
      ['purchase', 100],
      ['trial', 20],
    ]);
  });
});

describe('purchases and receipts', () => {
  it('lists the plans bought, newest first, each with a PDF receipt; unpaid checkouts have none', async () => {
    const org = await registeredAdmin();
    const first = await boughtStarter(org);
    const second = await boughtStarter(org);
    const unpaid = (await checkout(org)).body.Data!.paymentId;
    const list = (await api<{ purchases: PurchaseData[] }>('GET', '/api/billing/purchases', { token: org.token })).body.Data!;
    expect(list.purchases.map((p) => p.paymentId)).toEqual([second, first]);
    expect(list.purchases[0]).toMatchObject({ planName: 'Starter', certificates: 100, amountCents: 3900, currency: 'usd' });

    const res = await api<{ filename: string; contentType: string; base64: string }>(
      'GET',
      `/api/billing/payments/${first}/receipt`,
      { token: org.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.Data!.contentType).toBe('application/pdf');
    expect(res.body.Data!.filename).toMatch(new RegExp(`^proofmark-receipt-\\d{4}-\\d{2}-\\d{2}-${first}\\.pdf$`));
    const text = await pdfText(Buffer.from(res.body.Data!.base64, 'base64'));
    const paid = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(list.purchases[1]!.paidAt),
    );
    for (const part of ['Receipt', 'Analytical College', 'Starter (100 certificates)', '$39.00', first, paid])
      expect(text).toContain(part);

    // A checkout never paid, and another organisation's payment, have no receipt for this caller.
    expect((await api('GET', `/api/billing/payments/${unpaid}/receipt`, { token: org.token })).status).toBe(400);
    const stranger = await registeredAdmin();
    expect((await api('GET', `/api/billing/payments/${first}/receipt`, { token: stranger.token })).status).toBe(404);
    expect((await api<{ purchases: PurchaseData[] }>('GET', '/api/billing/purchases', { token: stranger.token })).body.Data!.purchases).toEqual([]);
  });
});

describe('the Stripe webhook', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
  });

  it('refuses a forged, missing or old signature with a 400 and credits nothing', async () => {
    const { paymentId } = (await checkout(admin)).body.Data!;
    const before = await balance(admin);
    const event = succeededEvent(paymentId);
    expect((await deliver(event, { secret: 'whsec_forged' })).status).toBe(400);
    expect((await deliver(event, { signature: null })).status).toBe(400);
    expect((await deliver(event, { signature: 't=1,v1=00' })).status).toBe(400);
    // Past the library's tolerance (5 minutes): a replayed capture.
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400);
    expect(await balance(admin)).toBe(before);
    // The same event, properly signed, is taken.
    expect((await deliver(event)).status).toBe(200);
    expect(await balance(admin)).toBe(before + 100);
  });

  it('credits an event delivered three times, and five times at once, only once', async () => {
    const first = (await checkout(admin)).body.Data!.paymentId;
    const before = await balance(admin);
    const event = succeededEvent(first);
    for (let i = 0; i < 3; i++) expect((await deliver(event)).status).toBe(200);
    expect(await balance(admin)).toBe(before + 100);

    const second = (await checkout(admin)).body.Data!.paymentId;
    const together = await Promise.all(Array.from({ length: 5 }, () => deliver(succeededEvent(second))));
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balance(admin)).toBe(before + 200);
  });

  it('ends in the right balance when the refund arrives before the success', async () => {
    const org = await registeredAdmin();
    const { paymentId } = (await checkout(org)).body.Data!;
    expect((await deliver(refundedEvent(paymentId, STARTER.priceCents))).status).toBe(200);
    expect((await deliver(succeededEvent(paymentId))).status).toBe(200);
    expect(await balance(org)).toBe(FREE_TRIAL_CERTIFICATES);
    const reasons = (await ledger(org)).entries.map((e) => e.reason).sort();
    expect(reasons).toEqual(['payment-refund', 'purchase', 'trial']);
  });

  it('ignores (200) a refund of a payment it never saw, and events it does not handle', async () => {
    const before = await balance(admin);
    expect((await deliver(refundedEvent('pi_neverseen123', 500))).status).toBe(200);
    expect((await deliver({ ...succeededEvent('pi_x'), type: 'customer.created' })).status).toBe(200);
    expect(await balance(admin)).toBe(before);
  });
});

describe('checkout refusals', () => {
  it('names an unknown plan, refuses view-only members, and ignores amounts sent by the browser', async () => {
    const admin = await registeredAdmin();
    const unknown = await checkout(admin, { planId: 'platinum' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/platinum/);

    const viewer = await teamUser(admin);
    expect((await checkout(viewer)).status).toBe(403);

    const res = await checkout(admin, { planId: 'starter', amount: 1, count: 1_000_000 });
    expect(res.status).toBe(201);
    const intent = await stripe().paymentIntents.retrieve(res.body.Data!.paymentId);
    expect(intent.amount).toBe(STARTER.priceCents);
    expect(intent.metadata.certificates).toBe('100');

    // Another organisation's payment is not found.
    const stranger = await registeredAdmin();
    expect((await api('GET', `/api/billing/payments/${res.body.Data!.paymentId}`, { token: stranger.token })).status).toBe(404);
  });
});

describe('the ledger sums to the balance', () => {
  it('after any sequence of purchases, issuances, unclaimed-row refunds and payment refunds', async () => {
    Object.assign(process.env, env());
    const balanceMod = await import('../../functions/src/domain/billing/balance');
    const { writeAll } = await import('../../functions/src/store/transaction');
    const admin = await registeredAdmin();
    type Step =
      | { kind: 'purchase' }
      | { kind: 'issue'; n: number }
      | { kind: 'unclaimed'; n: number }
      | { kind: 'refund'; share: number };
    const step = fc.oneof(
      fc.constant<Step>({ kind: 'purchase' }),
      fc.integer({ min: 1, max: 40 }).map<Step>((n) => ({ kind: 'issue', n })),
      fc.integer({ min: 1, max: 5 }).map<Step>((n) => ({ kind: 'unclaimed', n })),
      fc.integer({ min: 1, max: 4 }).map<Step>((share) => ({ kind: 'refund', share })),
    );
    const paid: { id: string; refunded: number }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'purchase') {
            const id = (await checkout(admin)).body.Data!.paymentId;
            expect((await deliver(succeededEvent(id))).status).toBe(200);
            paid.push({ id, refunded: 0 });
          } else if (s.kind === 'issue') {
            // Refused when the balance does not cover it, as Issue is.
            await writeAll(balanceMod.debitItems(admin.orgId, s.n, s.n, 'issue', `run-${randomUUID()}`)).catch(() => undefined);
          } else if (s.kind === 'unclaimed') {
            await writeAll(balanceMod.refundItems(admin.orgId, s.n, `run-${randomUUID()}`));
          } else if (paid.length) {
            const p = paid[s.share % paid.length]!;
            p.refunded = Math.min(STARTER.priceCents, p.refunded + (STARTER.priceCents * s.share) / 8);
            expect((await deliver(refundedEvent(p.id, p.refunded))).status).toBe(200);
          }
        }
        const l = await ledger(admin);
        const sum = l.entries.reduce((t, e) => t + e.amount, 0);
        expect(sum).toBe(l.balance);
        expect(l.balance).toBe(await balance(admin));
      }),
      { numRuns: 12 },
    );
  });
});
