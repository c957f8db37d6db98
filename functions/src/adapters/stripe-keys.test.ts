import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keysInSecret } from './stripe-keys';

/*
 * The Stripe keys in AWS: one Secrets Manager secret (infra/constructs/stripe-keys.ts), read at cold
 * start. Secrets Manager cannot run here, so its edge is checked against a plain listener on
 * 127.0.0.1 (the SDK's standard endpoint variable points the real client at it): the call the
 * client makes, what is kept, and what a secret still holding the stack's empty template means.
 */
const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:StripeKeys-abc123';
const keys = { publishableKey: 'fake-publishable-key', secretKey: 'fake-secret-key', webhookSecret: 'fake-webhook-secret' };

describe('keysInSecret', () => {
  it("reads the three keys of the secret's JSON", () => {
    expect(keysInSecret(JSON.stringify(keys))).toEqual(keys);
  });
  it("treats the stack's empty template, blanks and non-JSON as no keys", () => {
    const none = { publishableKey: '', secretKey: undefined, webhookSecret: undefined };
    expect(keysInSecret(JSON.stringify({ publishableKey: '', secretKey: ' ', webhookSecret: '', placeholder: 'Ab1' }))).toEqual(none);
    expect(keysInSecret('not json')).toEqual(none);
    expect(keysInSecret(undefined)).toEqual(none);
  });
});

describe('stripeSettings in AWS', () => {
  const calls: { target?: string; body: Record<string, unknown> }[] = [];
  let answer: { status: number; body: unknown };
  let server: http.Server;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        calls.push({ target: req.headers['x-amz-target'] as string | undefined, body: JSON.parse(body || '{}') });
        res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'unit',
      AWS_SECRET_ACCESS_KEY: 'unit',
      STRIPE_SECRET_ARN: ARN,
    });
  });
  afterAll(() => {
    delete process.env.STRIPE_SECRET_ARN;
    delete process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER;
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    calls.length = 0;
    vi.resetModules();
  });

  /** A fresh function instance: the module as a cold start loads it. */
  const coldStart = async () => (await import('./stripe-keys')).stripeSettings;

  it('reads the secret once, starting at cold start, and hands its keys to the payment code', async () => {
    answer = { status: 200, body: { ARN, Name: 'StripeKeys', SecretString: JSON.stringify(keys) } };
    const stripeSettings = await coldStart();
    const [a, b] = [await stripeSettings(), await stripeSettings()];
    expect(a).toMatchObject(keys);
    expect(b).toMatchObject(keys);
    expect(calls).toEqual([{ target: 'secretsmanager.GetSecretValue', body: { SecretId: ARN } }]);
  });

  it('leaves payments unconfigured while the secret holds the empty template', async () => {
    answer = {
      status: 200,
      body: { ARN, SecretString: JSON.stringify({ publishableKey: '', secretKey: '', webhookSecret: '', placeholder: 'x' }) },
    };
    const settings = await (await coldStart())();
    expect(settings.secretKey).toBeUndefined();
    expect(settings.webhookSecret).toBeUndefined();
  });

  it('does not keep a failed read: the next request reads again', async () => {
    answer = { status: 400, body: { __type: 'AccessDeniedException', message: 'denied' } };
    const stripeSettings = await coldStart();
    await expect(stripeSettings()).rejects.toThrow();
    answer = { status: 200, body: { ARN, SecretString: JSON.stringify(keys) } };
    expect(await stripeSettings()).toMatchObject(keys);
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });
});
