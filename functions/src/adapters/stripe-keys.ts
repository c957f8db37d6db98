import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { requestHandler } from './aws-request';
import { functionConfig, type StripeSettings } from './function-config';

/**
 * The platform's Stripe keys for the functions that pay (checkout, payment state, the webhook). On
 * one machine the local cloud puts the stand-in's keys in the environment. In AWS the environment
 * only names the Secrets Manager secret (STRIPE_SECRET_ARN, infra/constructs/stripe-keys.ts): its JSON
 * `{publishableKey, secretKey, webhookSecret}` is read at cold start and again after KEEP_MS, so keys
 * the operator replaces are used within minutes without a deploy. A secret still holding the stack's
 * empty template leaves the keys unset: the calls answer "Payments are not set up…" (503).
 */
const KEEP_MS = 5 * 60_000;

type SecretKeys = Pick<StripeSettings, 'publishableKey' | 'secretKey' | 'webhookSecret'>;

/** The keys in the secret's JSON; anything else (not JSON, empty fields) is no key. */
export const keysInSecret = (secretString: string | undefined): SecretKeys => {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(secretString ?? '');
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    /* not JSON: no keys */
  }
  const text = (k: string) => (typeof parsed[k] === 'string' && parsed[k].trim() ? parsed[k].trim() : undefined);
  return {
    publishableKey: text('publishableKey') ?? '',
    secretKey: text('secretKey'),
    webhookSecret: text('webhookSecret'),
  };
};

let client: SecretsManagerClient | undefined;
let cached: { at: number; settings: Promise<StripeSettings> } | undefined;

const fromSecret = async (settings: StripeSettings & { secretArn: string }): Promise<StripeSettings> => {
  client ??= new SecretsManagerClient({ requestHandler });
  const out = await client.send(new GetSecretValueCommand({ SecretId: settings.secretArn }));
  return { ...settings, ...keysInSecret(out.SecretString) };
};

export const stripeSettings = (): Promise<StripeSettings> => {
  const settings = functionConfig().stripe;
  const { secretArn } = settings;
  if (!secretArn) return Promise.resolve(settings);
  if (!cached || Date.now() - cached.at > KEEP_MS) {
    const entry = {
      at: Date.now(),
      settings: fromSecret({ ...settings, secretArn }).catch((err: unknown) => {
        // A failed read is not kept: the next call tries again.
        if (cached === entry) cached = undefined;
        throw err;
      }),
    };
    cached = entry;
  }
  return cached.settings;
};

// Cold start: the read starts while the function initialises, before its first request needs it.
if (functionConfig().stripe.secretArn) stripeSettings().catch(() => undefined);
