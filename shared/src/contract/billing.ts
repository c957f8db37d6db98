import * as z from 'zod';
import { anyone, defineRoutes } from './define';

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
