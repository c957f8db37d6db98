import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { AppError } from '@proofmark/shared/errors';
import { createPaymentIntent, retrievePaymentIntent, verifiedStripeEvent } from './stripe';

/*
 * The real Stripe adapter at its edge. Signatures: headers made by the stripe library's own
 * `generateTestHeaderString`, as Stripe signs its deliveries. Requests: what the library sends for
 * our calls, caught by a plain HTTP listener on 127.0.0.1 (Stripe itself cannot be reached here; the
 * local stand-in is exercised by the integration tests).
 */

const secret = 'fake-webhook-secret';
const event = {
  id: 'evt_unit_1',
  object: 'event',
  type: 'payment_intent.succeeded',
  created: 1_700_000_000,
  data: { object: { id: 'pi_unit_1', object: 'payment_intent', amount: 3900 } },
};
const payload = JSON.stringify(event);
const sign = (body: string, opts: { timestamp?: number; secret?: string } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret: opts.secret ?? secret, timestamp: opts.timestamp });
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('not refused');
};

describe('verifiedStripeEvent', () => {
  it('accepts a body signed with the endpoint secret and returns its event', () => {
    expect(verifiedStripeEvent(payload, sign(payload), secret)).toMatchObject({
      id: 'evt_unit_1',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_unit_1' } },
    });
  });

  it('refuses a tampered body, another secret and a missing header with a 400', () => {
    const header = sign(payload);
    const tampered = payload.replace('3900', '390000');
    for (const err of [
      refusal(() => verifiedStripeEvent(tampered, header, secret)),
      refusal(() => verifiedStripeEvent(payload, sign(payload, { secret: 'other-fake-webhook-secret' }), secret)),
      refusal(() => verifiedStripeEvent(payload, 't=1,v1=00', secret)),
    ]) {
      expect(err).toBeInstanceOf(AppError);
      expect(err.status).toBe(400);
      expect(err.message).toBe('The Stripe signature does not match.');
    }
    expect(refusal(() => verifiedStripeEvent(payload, undefined, secret)).status).toBe(400);
  });

  it("refuses a correctly signed delivery older than the library's tolerance (a replay)", () => {
    const now = Math.floor(Date.now() / 1000);
    // Within the 5 minutes: taken; an hour old: refused.
    expect(verifiedStripeEvent(payload, sign(payload, { timestamp: now - 60 }), secret).id).toBe('evt_unit_1');
    expect(refusal(() => verifiedStripeEvent(payload, sign(payload, { timestamp: now - 3600 }), secret)).status).toBe(
      400,
    );
  });
});

interface Caught {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

describe('PaymentIntent requests', () => {
  const caught: Caught[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  let server: http.Server;
  let apiUrl: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        caught.push({ method: req.method!, path: req.url!, headers: req.headers, form: new URLSearchParams(body) });
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': 'req_unit' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const intent = {
    id: 'pi_unit_2',
    object: 'payment_intent',
    status: 'requires_payment_method',
    amount: 3900,
    currency: 'usd',
    client_secret: 'pi_unit_2_secret_x',
    metadata: { orgId: 'org-1' },
    last_payment_error: null,
  };

  it('creates a PaymentIntent form-encoded, with the amount, metadata and the idempotency key', async () => {
    caught.length = 0;
    answer = { status: 200, body: intent };
    const view = await createPaymentIntent(
      { secretKey: 'fake-api-key', apiUrl },
      {
        amountCents: 3900,
        currency: 'usd',
        description: 'Proofmark Starter: 100 certificates',
        metadata: { orgId: 'org-1', planId: 'starter', certificates: '100' },
        idempotencyKey: 'checkout:org-1:abc',
      },
    );
    expect(view).toMatchObject({ id: 'pi_unit_2', amount: 3900, clientSecret: 'pi_unit_2_secret_x' });
    expect(caught).toHaveLength(1);
    const [req] = caught;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/payment_intents');
    expect(req!.headers.authorization).toBe('Bearer fake-api-key');
    expect(req!.headers['idempotency-key']).toBe('checkout:org-1:abc');
    expect(req!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(req!.form)).toEqual({
      amount: '3900',
      currency: 'usd',
      description: 'Proofmark Starter: 100 certificates',
      'metadata[orgId]': 'org-1',
      'metadata[planId]': 'starter',
      'metadata[certificates]': '100',
      'automatic_payment_methods[enabled]': 'true',
    });
  });

  it('reads a PaymentIntent by id; an unknown one is undefined, a refused call a 503 without detail', async () => {
    caught.length = 0;
    answer = { status: 200, body: { ...intent, last_payment_error: { message: 'Your card was declined.' } } };
    const seen = await retrievePaymentIntent({ secretKey: 'fake-api-key', apiUrl }, 'pi_unit_2');
    expect(caught[0]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_unit_2' });
    expect(seen?.lastError).toBe('Your card was declined.');

    answer = { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
    expect(await retrievePaymentIntent({ secretKey: 'fake-api-key', apiUrl }, 'pi_nope')).toBeUndefined();

    answer = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    const err = await retrievePaymentIntent({ secretKey: 'fake-api-key', apiUrl }, 'pi_unit_2').catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
    expect((err as AppError).message).not.toMatch(/API Key/);
  });
});
