import Stripe from 'stripe';
import { AppError, badRequest } from '@proofmark/shared/errors';

/**
 * Stripe, through its own library: PaymentIntents and webhook signatures. In AWS the library talks
 * to Stripe; on one machine `apiUrl` points it at the local Stripe stand-in
 * (infra/local/servers/stripe-stand-in.ts), which speaks the same form-encoded API.
 */
export interface StripeAccount {
  secretKey: string;
  /** Unset: Stripe itself. Set: the stand-in's `http://127.0.0.1:<port>`. */
  apiUrl?: string;
}

const clients = new Map<string, Stripe>();

const clientFor = ({ secretKey, apiUrl }: StripeAccount): Stripe => {
  const id = `${apiUrl ?? ''} ${secretKey}`;
  let client = clients.get(id);
  if (!client) {
    const url = apiUrl ? new URL(apiUrl) : undefined;
    client = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      ...(url
        ? { host: url.hostname, port: url.port, protocol: url.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    });
    clients.set(id, client);
  }
  return client;
};

/** What a caller sees of a PaymentIntent. */
export interface PaymentIntentView {
  id: string;
  status: string;
  amount: number;
  currency: string;
  clientSecret: string;
  metadata: Record<string, string>;
  /** Why the last attempt failed (Stripe's message), if it did. */
  lastError?: string;
}

const view = (pi: Stripe.PaymentIntent): PaymentIntentView => ({
  id: pi.id,
  status: pi.status,
  amount: pi.amount,
  currency: pi.currency,
  clientSecret: pi.client_secret ?? '',
  metadata: { ...pi.metadata },
  lastError: pi.last_payment_error?.message ?? undefined,
});

/** A Stripe failure the caller did not cause: 503, with Stripe's detail only in the log. */
const unavailable = (err: unknown) =>
  new AppError('unavailable', 'The payment provider could not be reached. Please try again.', { cause: err });

export const createPaymentIntent = async (
  account: StripeAccount,
  input: {
    amountCents: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  },
): Promise<PaymentIntentView> => {
  try {
    const pi = await clientFor(account).paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        description: input.description,
        metadata: input.metadata,
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return view(pi);
  } catch (err) {
    throw unavailable(err);
  }
};

/** The PaymentIntent, or undefined when this account has none of that id. */
export const retrievePaymentIntent = async (
  account: StripeAccount,
  id: string,
): Promise<PaymentIntentView | undefined> => {
  try {
    return view(await clientFor(account).paymentIntents.retrieve(id));
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return undefined;
    throw unavailable(err);
  }
};

/** The parts of a Stripe event we read. */
export interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/**
 * Checks the `Stripe-Signature` header over the raw body with the endpoint's signing secret (the
 * library's constructEvent: HMAC-SHA256, and a timestamp within its tolerance, 5 minutes, so a
 * replayed old delivery is refused). Any failure is a 400 that says no more than that.
 */
export const verifiedStripeEvent = (
  rawBody: string,
  signature: string | undefined,
  webhookSecret: string,
): StripeEvent => {
  if (!signature) throw badRequest('Missing Stripe-Signature header.');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret) as unknown as StripeEvent;
  } catch {
    throw badRequest('The Stripe signature does not match.');
  }
};
