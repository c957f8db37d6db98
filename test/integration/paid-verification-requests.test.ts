import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '@proofmark/shared/contract/dashboard';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { apiFrom, freshClient } from './from-client';
import { api, cloud, eventually, mailTo } from './helpers';
import { registeredAdmin } from './accounts';
import { standInStripe } from './stripe-fixtures';

/*
 * Paid verification requests (§3's verification request row): an employer pays the organisation's
 * fee to the organisation's own Stripe account — here an account of its own at the local Stripe
 * stand-in, opened with keys only this organisation has — and the request is listed for it.
 */
type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

const slugOf = (admin: Admin) => admin.session.organization_verify_uri.split('/').pop()!;
const base = (admin: Admin) => `/api/public/verifiers/${slugOf(admin)}/verification-requests`;

/** Test keys of an account of the organisation's own at the stand-in (made up per run). */
const orgKeys = () => {
  const name = `org${randomBytes(8).toString('hex')}`;
  return { publickey: `pk_test_${name}`, secretkey: `sk_test_${name}` };
};

/** The organisation's Stripe account at the stand-in, as the organisation's own dashboard would act on it. */
const orgStripe = (secretKey: string) => {
  const url = new URL(cloud().endpoints.stripe);
  return new Stripe(secretKey, { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
};

const saveStripe = (admin: Admin, block: Record<string, string>) =>
  api<ProfileData>('POST', '/api/profile', { token: admin.token, body: { key: 'stripeinformation', ...block } });

const form = (fullname = 'Grace Hopper') => ({
  payer_name: 'Ada Employer',
  organization: 'Analytical Engines Ltd',
  designation: 'Head of Hiring',
  email: 'ada.employer@example.com',
  contactnumber: '+44 20 7946 0958',
  fullname,
  enrollnumber: 'ENR-2024-0042',
  competencyname: 'Bachelor of Science',
});

interface Started {
  requestId: string;
  paymentId: string;
  clientSecret: string;
  publishableKey: string;
  amountCents: number;
  currency: string;
  standInUrl?: string;
}
interface Confirmed {
  requestId: string;
  status: 'paid' | 'unpaid' | 'processing';
  amountCents: number;
  currency: string;
  transactionId?: string;
}

const month = () => new Date().toISOString().slice(0, 7);
const dashboardRows = async (admin: Admin) => {
  const res = await api<DashboardData>('GET', `/api/dashboard?timetype=month&start=${month()}&end=${month()}`, {
    token: admin.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Data!.verify.rows;
};

describe('a paid verification request', () => {
  let admin: Admin;
  let keys: ReturnType<typeof orgKeys>;
  beforeAll(async () => {
    admin = await registeredAdmin();
    keys = orgKeys();
    const saved = await saveStripe(admin, { ...keys, verificationfee: '25', verificationcurrency: 'eur' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data).toMatchObject({ verificationfeecents: 2500, verificationcurrency: 'eur', stripepublickey: keys.publickey });
    expect(JSON.stringify(saved.body)).not.toContain(keys.secretkey);
  });

  it("goes through the organisation's stand-in account and appears in its list", async () => {
    const offer = await api<{ accepting: boolean; amountCents: number; currency: string }>('GET', base(admin));
    expect(offer.body.Data).toEqual({ accepting: true, amountCents: 2500, currency: 'eur' });

    // An amount and currency sent by the browser are not read: the fee is the organisation's.
    const res = await api<Started>('POST', base(admin), { body: { ...form(), amountCents: 1, currency: 'usd' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const started = res.body.Data!;
    expect(started).toMatchObject({ amountCents: 2500, currency: 'eur', publishableKey: keys.publickey, standInUrl: cloud().endpoints.stripe });

    // The PaymentIntent is on the organisation's account, not the platform's.
    const intent = await orgStripe(keys.secretkey).paymentIntents.retrieve(started.paymentId);
    expect(intent).toMatchObject({ amount: 2500, currency: 'eur', status: 'requires_payment_method' });
    expect(intent.metadata).toMatchObject({ orgId: admin.orgId, requestId: started.requestId });
    await expect(standInStripe().paymentIntents.retrieve(started.paymentId)).rejects.toMatchObject({ statusCode: 404 });

    // Not paid yet: confirming says so and lists nothing.
    const early = await api<Confirmed>('POST', `${base(admin)}/${started.requestId}/confirm`);
    expect(early.body.Data).toMatchObject({ status: 'unpaid' });
    expect(early.body.message).toMatch(/did not go through/);

    // The employer's card, as the browser's form confirms it (publishable key + client secret).
    const paid = await fetch(`${started.standInUrl}/v1/payment_intents/${started.paymentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: started.publishableKey,
        client_secret: started.clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '4242424242424242',
      }),
    });
    expect(paid.status).toBe(200);

    // Confirmed twice (a reload, a double click): paid once, mailed once.
    const [first, second] = await Promise.all([
      api<Confirmed>('POST', `${base(admin)}/${started.requestId}/confirm`),
      api<Confirmed>('POST', `${base(admin)}/${started.requestId}/confirm`),
    ]);
    for (const c of [first, second])
      expect(c.body.Data).toEqual({
        requestId: started.requestId,
        status: 'paid',
        amountCents: 2500,
        currency: 'eur',
        transactionId: started.paymentId,
      });
    const third = await api<Confirmed>('POST', `${base(admin)}/${started.requestId}/confirm`);
    expect(third.body.Data?.status).toBe('paid');
    const mail = await eventually(async () => (await mailTo(admin.email)).find((m) => /Paid verification request/.test(m.subject)));
    expect(mail.subject).toBe('Paid verification request for Grace Hopper');
    for (const part of ['Ada Employer', 'Head of Hiring', 'ENR-2024-0042', '€25', started.paymentId])
      expect(mail.body.text).toContain(part);
    await new Promise((r) => setTimeout(r, 500));
    expect((await mailTo(admin.email)).filter((m) => /Paid verification request/.test(m.subject))).toHaveLength(1);

    // Listed in the dashboard's verification requests, with the payer's fields, amount and transaction.
    const rows = (await dashboardRows(admin)).filter((r) => r.kind === 'paid');
    expect(rows).toEqual([
      expect.objectContaining({
        id: started.requestId,
        fullname: 'Grace Hopper',
        competencyname: 'Bachelor of Science',
        payer_name: 'Ada Employer',
        organization: 'Analytical Engines Ltd',
        designation: 'Head of Hiring',
        email: 'ada.employer@example.com',
        contactnumber: '+44 20 7946 0958',
        enrollnumber: 'ENR-2024-0042',
        amountofpayment: 25,
        currency: 'eur',
        transactionid: started.paymentId,
      }),
    ]);
    const csv = await fetch(
      `${cloud().appUrl}/api/dashboard/download?timetype=month&start=${month()}&end=${month()}&category=verify`,
      { headers: { authorization: `Bearer ${admin.token}` } },
    );
    const text = await csv.text();
    expect(text).toContain('Ada Employer');
    expect(text).toContain(started.paymentId);
  }, 120_000);

  it('stays unpaid when the card is declined, says why, and is not listed', async () => {
    const started = (await api<Started>('POST', base(admin), { body: form('Declined Candidate') })).body.Data!;
    await expect(
      orgStripe(keys.secretkey).paymentIntents.confirm(started.paymentId, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({ code: 'card_declined' });
    const res = await api<Confirmed>('POST', `${base(admin)}/${started.requestId}/confirm`);
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({ status: 'unpaid' });
    expect(res.body.Data?.transactionId).toBeUndefined();
    expect(res.body.message).toBe('The payment did not go through: Your card was declined. Your request was not sent.');
    expect((await dashboardRows(admin)).map((r) => r.fullname)).not.toContain('Declined Candidate');
  }, 60_000);

  it("refuses a request of another organisation and one whose payment does not match its amount", async () => {
    const started = (await api<Started>('POST', base(admin), { body: form('Tampered Candidate') })).body.Data!;
    // Another organisation's verifier path does not know this request: not found, like anything unknown.
    const other = await registeredAdmin();
    const elsewhere = await api('POST', `${base(other)}/${started.requestId}/confirm`);
    expect([elsewhere.status, elsewhere.body.message]).toEqual([404, 'Not found.']);

    // The organisation's fee is raised after the request was made: the payment (at the old fee) still
    // matches the request it was made for; a request made at the new fee carries the new amount.
    await saveStripe(admin, { publickey: keys.publickey, verificationfee: '30', verificationcurrency: 'eur' });
    const later = (await api<Started>('POST', base(admin), { body: form('Later Candidate') })).body.Data!;
    expect(later.amountCents).toBe(3000);
    await orgStripe(keys.secretkey).paymentIntents.confirm(started.paymentId, { payment_method: 'pm_card_visa' });
    expect((await api<Confirmed>('POST', `${base(admin)}/${started.requestId}/confirm`)).body.Data).toMatchObject({
      status: 'paid',
      amountCents: 2500,
    });

    // A payment made on the organisation's account for a smaller amount, with this request's id in its
    // metadata, is refused: the request's own PaymentIntent is the only one read, and it stays unpaid.
    const forged = await orgStripe(keys.secretkey).paymentIntents.create({
      amount: 50,
      currency: 'eur',
      metadata: { orgId: admin.orgId, requestId: later.requestId },
    });
    await orgStripe(keys.secretkey).paymentIntents.confirm(forged.id, { payment_method: 'pm_card_visa' });
    const refused = await api<Confirmed>('POST', `${base(admin)}/${later.requestId}/confirm`);
    expect(refused.body.Data).toMatchObject({ status: 'unpaid', amountCents: 3000 });
    await saveStripe(admin, { publickey: keys.publickey, verificationfee: '25', verificationcurrency: 'eur' });
  }, 120_000);
});

describe('an organisation that does not take paid requests', () => {
  it('without keys or without a fee, says so in one sentence and takes no request', async () => {
    const admin = await registeredAdmin();
    const closed = { accepting: false, message: 'This organisation does not take verification requests online.' };
    expect((await api('GET', base(admin))).body.Data).toEqual(closed);
    const refused = await api('POST', base(admin), { body: form() });
    expect([refused.status, refused.body.message]).toEqual([404, closed.message]);

    // Keys but no fee: still closed.
    await saveStripe(admin, { ...orgKeys(), verificationfee: '' });
    expect((await api('GET', base(admin))).body.Data).toEqual(closed);
  }, 60_000);

  it('answers an unknown verifier like any other not-found', async () => {
    const unknown = await api('GET', '/api/public/verifiers/nobody-000000/verification-requests');
    const post = await api('POST', '/api/public/verifiers/nobody-000000/verification-requests', { body: form() });
    for (const res of [unknown, post]) expect([res.status, res.body.message]).toEqual([404, 'Not found.']);
  });
});

describe('the public route under attack', () => {
  it('refuses fields that are too long or missing, naming them, and bodies that are too large', async () => {
    const admin = await registeredAdmin();
    const bad = await api('POST', base(admin), { body: { ...form('x'.repeat(201)), email: 'not-an-email', designation: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.map((d) => d.path).sort()).toEqual(['designation', 'email', 'fullname']);
    const huge = await api('POST', base(admin), { body: { ...form(), padding: 'x'.repeat(5000) } });
    expect(huge.status).toBe(413);
  });

  it('limits the requests one client makes', async () => {
    const admin = await registeredAdmin();
    const client = freshClient();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await apiFrom(client, 'POST', base(admin), { body: form() }));
    // No keys: each is refused as not taken, until the client's window is full.
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(404));
    expect(answers[10]!.status).toBe(429);
  }, 60_000);
});
