import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { HOST } from '../ports';
import type { RunningServer } from './child';

/**
 * LOCAL STRIPE STAND-IN — not Stripe. One machine cannot reach Stripe, so `npm start` and the test
 * cloud run this server on 127.0.0.1 and point the real `stripe` library at it (host, port,
 * protocol). It speaks the part of Stripe's HTTP API the product calls, form-encoded as Stripe is:
 *
 * - `POST /v1/payment_intents` (with `Idempotency-Key`), `GET /v1/payment_intents/:id`,
 *   `POST /v1/payment_intents/:id/confirm` (secret key, or publishable key + client secret as the
 *   browser's "local test payments" form sends it), `POST /v1/refunds`, `GET /v1/events[/:id]`;
 * - Stripe's documented test payment methods and cards: `pm_card_visa` / 4242 4242 4242 4242
 *   succeeds, `pm_card_chargeDeclined` / 4000 0000 0000 0002 is declined,
 *   `pm_card_chargeDeclinedInsufficientFunds` / 4000 0000 0000 9995 is declined for insufficient funds;
 * - events (`payment_intent.succeeded`, `payment_intent.payment_failed`, `charge.refunded`) delivered
 *   to the account's webhook endpoint signed as Stripe signs them (`Stripe-Signature: t=…,v1=…`,
 *   HMAC-SHA256 of `t.payload` with the endpoint's secret), retried with back-off until a 2xx.
 *
 * Every secret key `sk_test_<name>` is an account of its own, whose publishable key is
 * `pk_test_<name>`: the platform's account has the webhook; an organisation's own keys (paid
 * verification requests) are just another account. State is kept in a file in the data folder.
 */

export interface StandInAccount {
  secretKey: string;
  publishableKey: string;
  /** Where this account's events go, and the signing secret (the product's STRIPE_WEBHOOK_SECRET). */
  webhook?: { url: () => string; secret: string };
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  created: number;
  livemode: false;
}

interface StripeEventRecord {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

interface State {
  intents: Record<string, PaymentIntent & { account: string }>;
  charges: Record<string, Charge & { account: string }>;
  events: (StripeEventRecord & { account: string })[];
  idempotency: Record<string, { params: string; status: number; body: unknown }>;
}

/** The test payment methods and cards this stand-in knows (Stripe's documented ones). */
const testCards: Record<string, { decline?: { code: string; message: string } }> = {
  pm_card_visa: {},
  '4242424242424242': {},
  pm_card_chargeDeclined: { decline: { code: 'generic_decline', message: 'Your card was declined.' } },
  '4000000000000002': { decline: { code: 'generic_decline', message: 'Your card was declined.' } },
  pm_card_chargeDeclinedInsufficientFunds: {
    decline: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  '4000000000009995': { decline: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
};

const API_VERSION = '2025-10-29.clover';
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][c]=v` form fields into nested objects, as Stripe reads them. */
export const parseForm = (body: string): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let at = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else at = (at[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
};

/** Stripe's signature header over `t.payload`, as Stripe computes it. */
export const stripeSignature = (payload: string, secret: string, timestamp = now()) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, param?: string) =>
  new StripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

export const startStripeStandIn = async (opts: {
  port: number;
  stateFile: string;
  accounts: StandInAccount[];
  /** Back-off of event delivery: first retry after this many ms, doubling (default 500). */
  retryBaseMs?: number;
  maxAttempts?: number;
}): Promise<RunningServer & { port: number; redeliver: (eventId: string) => Promise<number> }> => {
  const state: State = fs.existsSync(opts.stateFile)
    ? (JSON.parse(fs.readFileSync(opts.stateFile, 'utf8')) as State)
    : { intents: {}, charges: {}, events: [], idempotency: {} };
  const save = () => fs.writeFileSync(opts.stateFile, JSON.stringify(state));
  const known = new Map(opts.accounts.map((a) => [a.secretKey, a]));
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;

  /** The account a key belongs to: configured ones, or any `sk_test_…` / `pk_test_…` pair. */
  const accountOf = (key: string): { secretKey: string; account?: StandInAccount } | undefined => {
    if (key.startsWith('sk_test_')) return { secretKey: key, account: known.get(key) };
    if (key.startsWith('pk_test_')) {
      const secretKey = `sk_test_${key.slice('pk_test_'.length)}`;
      const configured = [...known.values()].find((a) => a.publishableKey === key);
      return { secretKey: configured?.secretKey ?? secretKey, account: configured };
    }
    return undefined;
  };

  const deliver = async (event: StripeEventRecord & { account: string }, attempt = 1): Promise<number> => {
    const hook = known.get(event.account)?.webhook;
    if (!hook || stopping) return 0;
    const { account: _a, ...wire } = event;
    const payload = JSON.stringify(wire);
    let status = 0;
    try {
      const res = await fetch(hook.url(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': stripeSignature(payload, hook.secret),
          'user-agent': 'Stripe/1.0 (+local stand-in)',
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    if ((status < 200 || status >= 300) && attempt < (opts.maxAttempts ?? 8) && !stopping) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void deliver(event, attempt + 1);
        },
        (opts.retryBaseMs ?? 500) * 2 ** (attempt - 1),
      );
      timers.add(timer);
    }
    return status;
  };

  const emit = (account: string, type: string, object: unknown) => {
    const event = {
      id: id('evt'),
      object: 'event' as const,
      api_version: API_VERSION,
      created: now(),
      type,
      data: { object: structuredClone(object) },
      livemode: false as const,
      pending_webhooks: known.get(account)?.webhook ? 1 : 0,
      request: { id: null, idempotency_key: null },
      account,
    };
    state.events.push(event);
    save();
    void deliver(event);
  };

  const publicIntent = ({ account: _a, ...pi }: PaymentIntent & { account: string }) => pi;
  const publicCharge = ({ account: _a, ...ch }: Charge & { account: string }) => ch;

  const intentOf = (piId: string, secretKey: string) => {
    const pi = state.intents[piId];
    if (!pi || pi.account !== secretKey)
      throw new StripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${piId}'`,
      });
    return pi;
  };

  const confirm = (pi: PaymentIntent & { account: string }, params: Record<string, unknown>) => {
    if (pi.status !== 'requires_payment_method')
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${pi.status}; it cannot be confirmed.`,
      });
    const card = (params.payment_method_data as { card?: { number?: string } } | undefined)?.card?.number;
    const method = String(params.payment_method ?? card ?? '').replace(/\s+/g, '');
    const test = testCards[method];
    if (!test) {
      if (method.startsWith('pm_') || !method)
        throw invalid(`No such PaymentMethod: '${method}'`, 'payment_method');
      throw new StripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect. (Local stand-in: use a Stripe test card.)',
      });
    }
    if (test.decline) {
      pi.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: test.decline.code,
        message: test.decline.message,
      };
      save();
      emit(pi.account, 'payment_intent.payment_failed', publicIntent(pi));
      throw new StripeError(402, { ...pi.last_payment_error, payment_intent: publicIntent(pi) });
    }
    const charge: Charge & { account: string } = {
      id: id('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_refunded: 0,
      refunded: false,
      currency: pi.currency,
      payment_intent: pi.id,
      metadata: { ...pi.metadata },
      created: now(),
      livemode: false,
      account: pi.account,
    };
    state.charges[charge.id] = charge;
    Object.assign(pi, { status: 'succeeded', latest_charge: charge.id, amount_received: pi.amount, last_payment_error: null });
    save();
    emit(pi.account, 'payment_intent.succeeded', publicIntent(pi));
    return publicIntent(pi);
  };

  const route = (method: string, path: string, key: string, params: Record<string, unknown>) => {
    const who = accountOf(key);
    if (!who)
      throw new StripeError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided (local Stripe stand-in: use sk_test_… / pk_test_…).',
      });
    const secret = key.startsWith('sk_test_');
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/payment_intents' && secret) {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) throw invalid('Amount must be at least 50 cents.', 'amount');
      if (!/^[a-z]{3}$/.test(String(params.currency ?? ''))) throw invalid('Invalid currency.', 'currency');
      const pi: PaymentIntent & { account: string } = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(params.currency),
        status: 'requires_payment_method',
        client_secret: '',
        description: params.description ? String(params.description) : null,
        metadata: { ...((params.metadata as Record<string, string>) ?? {}) },
        latest_charge: null,
        last_payment_error: null,
        created: now(),
        livemode: false,
        account: who.secretKey,
      };
      pi.client_secret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
      state.intents[pi.id] = pi;
      save();
      if (params.confirm === 'true') return confirm(pi, params);
      return publicIntent(pi);
    }
    if ((m = path.match(/^\/v1\/payment_intents\/(pi_[a-f0-9]+)$/)) && method === 'GET') {
      const pi = intentOf(m[1]!, who.secretKey);
      if (!secret && params.client_secret !== pi.client_secret) throw invalid('Invalid client_secret.');
      return publicIntent(pi);
    }
    if ((m = path.match(/^\/v1\/payment_intents\/(pi_[a-f0-9]+)\/confirm$/)) && method === 'POST') {
      const pi = intentOf(m[1]!, who.secretKey);
      if (!secret && params.client_secret !== pi.client_secret) throw invalid('Invalid client_secret.');
      return confirm(pi, params);
    }
    if (method === 'POST' && path === '/v1/refunds' && secret) {
      const charge = params.charge
        ? state.charges[String(params.charge)]
        : Object.values(state.charges).find((c) => c.payment_intent === params.payment_intent);
      if (!charge || charge.account !== who.secretKey) throw invalid('No such charge or payment_intent.');
      const left = charge.amount - charge.amount_refunded;
      const amount = params.amount === undefined ? left : Number(params.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > left)
        throw invalid(`Refund amount must be between 1 and ${left}.`, 'amount');
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      save();
      emit(charge.account, 'charge.refunded', publicCharge(charge));
      return {
        id: id('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        currency: charge.currency,
        status: 'succeeded',
        created: now(),
      };
    }
    if ((m = path.match(/^\/v1\/events\/(evt_[a-f0-9]+)$/)) && method === 'GET' && secret) {
      const event = state.events.find((e) => e.id === m![1] && e.account === who.secretKey);
      if (!event) throw new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such event.' });
      const { account: _a, ...wire } = event;
      return wire;
    }
    if (method === 'GET' && path === '/v1/events' && secret) {
      const mine = state.events.filter((e) => e.account === who.secretKey && (!params.type || e.type === params.type));
      const limit = Math.min(100, Number(params.limit ?? 10));
      const data = mine
        .slice()
        .reverse()
        .slice(0, limit)
        .map(({ account: _a, ...wire }) => wire);
      return { object: 'list', url: '/v1/events', has_more: mine.length > limit, data };
    }
    throw new StripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). The local Stripe stand-in speaks only the calls Proofmark makes.`,
    });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 64 * 1024) chunks.push(c);
    });
    req.on('end', () => {
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
        'access-control-allow-methods': 'GET, POST',
      };
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...cors });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'OPTIONS') return void (res.writeHead(204, cors), res.end());
      if (size > 64 * 1024) return send(413, { error: { type: 'invalid_request_error', message: 'Request too large.' } });
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = Buffer.concat(chunks).toString('utf8');
      const params = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(body);
      const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? String(params.key ?? '');
      const idem = req.headers['idempotency-key'] as string | undefined;
      const remembered = idem ? state.idempotency[`${auth}:${idem}`] : undefined;
      if (remembered) {
        if (remembered.params !== body)
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        return send(remembered.status, remembered.body);
      }
      let status = 200;
      let answer: unknown;
      try {
        answer = route(req.method ?? 'GET', url.pathname, auth, params);
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
        status = err.status;
        answer = { error: err.body };
      }
      if (idem && req.method === 'POST') {
        state.idempotency[`${auth}:${idem}`] = { params: body, status, body: answer };
        save();
      }
      send(status, answer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, HOST, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    name: 'stripe-stand-in',
    url: `http://${HOST}:${port}`,
    port,
    /** Delivers an event again now (as Stripe's dashboard "Resend" does); answers the HTTP status. */
    redeliver: (eventId: string) => {
      const event = state.events.find((e) => e.id === eventId);
      return event ? deliver(event, opts.maxAttempts ?? 8) : Promise.resolve(0);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
};
