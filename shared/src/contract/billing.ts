import * as z from 'zod';
import { anyone, defineRoutes, reader, writer } from './define';

/**
 * Plans and payment (spec account-and-billing §3 Plan, §7 GetPlans): the plan catalogue the
 * product team keeps in the table (`npm run plans`), read by the landing page's pricing and by
 * /Plans. Prices are in the currency's smallest unit (cents): what Stripe charges is the stored
 * plan's `priceCents`, never an amount the browser sends.
 */

/** A plan's id: lower-case words joined by hyphens (`starter`, `institution-2027`). */
export const planId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'A plan id is lower-case letters, digits and hyphens.' });

/** One line of a plan's list (§3: count and name), e.g. `{ count: 100, name: 'certificates' }`. */
export const planEntry = z.object({
  count: z.number().int().min(0),
  name: z.string().trim().min(1).max(120),
});

export const plan = z.object({
  planId,
  name: z.string().trim().min(1).max(60),
  /** One sentence saying who the plan is for. */
  description: z.string().trim().max(300),
  /** The price in the currency's smallest unit (§7: Amount = price × 100). */
  priceCents: z.number().int().min(50).max(10_000_000),
  /** ISO 4217, lower case as Stripe writes it. */
  currency: z.string().regex(/^[a-z]{3}$/),
  /** Certificates the organisation's balance gains when the payment succeeds. */
  certificates: z.number().int().min(1).max(1_000_000),
  entries: z.array(planEntry).max(20),
  /** What the plan includes besides its counts, one line each. */
  features: z.array(z.string().trim().min(1).max(160)).max(20),
  /** Shown as the recommended plan. */
  highlighted: z.boolean(),
  /** Plans are listed by it, lowest first. */
  sortOrder: z.number().int(),
});
export type Plan = z.infer<typeof plan>;
export type PlanEntry = z.infer<typeof planEntry>;

export const plansData = z.object({ plans: z.array(plan) });

/** /api/plans: the active plans, for anyone (the landing page's pricing reads it signed out). */
export const plansRoutes = defineRoutes({
  'GET /api/plans': { access: anyone, data: plansData },
});

/** A price for people: `$39`, `$39.50`, `€12`. */
export const formatPrice = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);

/** A Stripe PaymentIntent id: what a payment is called everywhere (our record, the ledger, the URL). */
export const paymentId = z.string().regex(/^pi_[A-Za-z0-9_]{1,200}$/, { error: 'Not a payment id.' });

export const ledgerEntryData = z.object({
  at: z.string(),
  amount: z.number().int(),
  reason: z.enum(['trial', 'issue', 'bake', 'refund', 'purchase', 'payment-refund', 'grant']),
  /** The balance right after this entry. */
  balanceAfter: z.number().int(),
  runId: z.string().optional(),
  paymentId: z.string().optional(),
  note: z.string().optional(),
  by: z.string().optional(),
});
export type LedgerEntryData = z.infer<typeof ledgerEntryData>;

export const ledgerQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** The previous page's `nextCursor`. */
  cursor: z.string().max(2000).optional(),
});
export const ledgerPage = z.object({
  balance: z.number().int(),
  entries: z.array(ledgerEntryData),
  nextCursor: z.string().nullable(),
});
export const ledgerCsv = z.object({ filename: z.string(), csv: z.string() });

/**
 * A checkout: only the plan. The amount and count come from the stored plan; `checkoutId` (made by
 * the browser when the payment screen opens) makes a double click one PaymentIntent.
 */
export const checkoutRequest = z.object({ planId, checkoutId: z.uuid().optional() });
export const checkoutData = z.object({
  /** The PaymentIntent's id: GET /api/billing/payments/{id} reads its state. */
  paymentId,
  clientSecret: z.string(),
  publishableKey: z.string(),
  /**
   * One machine only: the local Stripe stand-in's URL, where the "local test payments" card form
   * confirms (Stripe.js cannot load there). Absent in AWS, where the Payment Element is used.
   */
  standInUrl: z.string().optional(),
});

export const paymentStates = ['processing', 'succeeded', 'failed'] as const;
export const paymentData = z.object({
  paymentId,
  /** succeeded: the plan's certificates are on the balance (the signed webhook arrived). */
  status: z.enum(paymentStates),
  message: z.string(),
  planName: z.string(),
  certificates: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
});
export type PaymentData = z.infer<typeof paymentData>;

/** A plan bought (a payment that succeeded and was credited), as the Billing tab lists it with its receipt. */
export const purchaseData = z.object({
  paymentId,
  planName: z.string(),
  certificates: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** When the payment succeeded (its certificates were credited). */
  paidAt: z.string(),
  /** What Stripe has refunded so far (smallest unit), and the certificates taken back for it. */
  refundedCents: z.number().int(),
  takenBack: z.number().int(),
});
export type PurchaseData = z.infer<typeof purchaseData>;
export const purchasesData = z.object({ purchases: z.array(purchaseData) });

/** A purchase's receipt: a PDF, base64 (the API answers JSON). */
export const receiptData = z.object({
  filename: z.string(),
  contentType: z.literal('application/pdf'),
  base64: z.string(),
});

/** /api/billing: the ledger, checkout and payments (main administrator or the `billing` flag). */
export const billingRoutes = defineRoutes({
  'GET /api/billing/ledger': { access: reader('billing'), query: ledgerQuery, data: ledgerPage },
  'GET /api/billing/ledger/csv': { access: reader('billing'), data: ledgerCsv },
  'POST /api/billing/checkout': { access: writer('billing'), body: checkoutRequest, data: checkoutData },
  'GET /api/billing/payments/{id}': {
    access: reader('billing'),
    params: z.object({ id: paymentId }),
    data: paymentData,
  },
  'GET /api/billing/purchases': { access: reader('billing'), data: purchasesData },
  'GET /api/billing/payments/{id}/receipt': {
    access: reader('billing'),
    params: z.object({ id: paymentId }),
    data: receiptData,
  },
});

/** Stripe's webhook: signed by Stripe, read raw (the signature covers the exact bytes). */
export const MAX_STRIPE_EVENT_BODY = 256 * 1024;
export const stripeWebhookRoutes = defineRoutes({
  'POST /api/public/stripe/webhook': {
    access: anyone,
    rawBody: true,
    maxBodyLength: MAX_STRIPE_EVENT_BODY,
    data: z.object({ received: z.boolean() }),
  },
});
