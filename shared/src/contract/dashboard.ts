import * as z from 'zod';
import { anyMember, anyone, defineRoutes } from './define';

/**
 * /api/dashboard and /api/mycertificates (account-and-billing §2, §3, §7, §9): charts of issued,
 * sent and revoked certificates per month or year, the verification-requests table, their CSV,
 * counts per certificate type and status, the engagement funnel per cohort and the first steps of
 * a new organisation. Every member may read them, view-only members too.
 */

/** §9: the Yearly view's end-year choices are 30 years from 2018. */
export const FIRST_DASHBOARD_YEAR = 2018;
export const DASHBOARD_YEARS = 30;
export const dashboardYears = Array.from({ length: DASHBOARD_YEARS }, (_, i) => FIRST_DASHBOARD_YEAR + i);
/** The longest period one call may ask for: the 30 years, month by month. */
export const MAX_PERIOD_MONTHS = DASHBOARD_YEARS * 12;

const monthText = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Use a month as yyyy-mm.' });
const yearText = z.string().regex(/^\d{4}$/, { error: 'Use a year as yyyy.' });

const monthsBetween = (start: string, end: string) => {
  const [ys, ms] = start.split('-').map(Number);
  const [ye, me] = end.split('-').map(Number);
  return (ye! - ys!) * 12 + ((me ?? 12) - (ms ?? 1)) + 1;
};

/**
 * The period of a chart (§7: timetype, start, end): months `yyyy-mm` for `month`, years `yyyy` for
 * `year`, start not after end, at most 30 years.
 */
export const periodQuery = z
  .object({
    timetype: z.enum(['month', 'year']).default('month'),
    start: z.string().max(7),
    end: z.string().max(7),
  })
  .superRefine((q, ctx) => {
    const form = q.timetype === 'month' ? monthText : yearText;
    for (const field of ['start', 'end'] as const) {
      const parsed = form.safeParse(q[field]);
      if (!parsed.success)
        ctx.addIssue({ code: 'custom', path: [field], message: parsed.error.issues[0]!.message });
    }
    if (ctx.issues?.length) return;
    const months = monthsBetween(q.start, q.end);
    if (months < 1)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end comes before the start.' });
    else if (months > MAX_PERIOD_MONTHS)
      ctx.addIssue({ code: 'custom', path: ['end'], message: `At most ${DASHBOARD_YEARS} years at once.` });
  });
export type PeriodQuery = z.infer<typeof periodQuery>;

/** The verification-requests table: a page of the period's rows, newest first unless `order=asc`. */
export const verificationTableQuery = z.object({
  pagesize: z.coerce.number().int().min(1).max(100).default(10),
  /** The `next` of the page before (opaque). */
  cursor: z.string().max(256).optional(),
  search: z.string().trim().max(100).default(''),
  order: z.enum(['desc', 'asc']).default('desc'),
});

export const dashboardQuery = periodQuery.and(verificationTableQuery);
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/**
 * One verification request (§3's row): a check made on the verifier page (`kind: 'check'`), or a
 * paid verification request (`kind: 'paid'`, with the payer's fields) once billing records them.
 */
export const verificationRequestRow = z.object({
  id: z.string(),
  kind: z.enum(['check', 'paid']),
  /** ISO time. */
  timeadded: z.string(),
  credentialId: z.string(),
  verdict: z.string(),
  method: z.string(),
  fullname: z.string(),
  competencyname: z.string(),
  transactionid: z.string(),
  payer_name: z.string().optional(),
  organization: z.string().optional(),
  designation: z.string().optional(),
  email: z.string().optional(),
  contactnumber: z.string().optional(),
  enrollnumber: z.string().optional(),
  /** A paid request's fee in the currency's main unit (25.5), and its currency (`usd`). */
  amountofpayment: z.number().optional(),
  currency: z.string().optional(),
});
export type VerificationRequestRow = z.infer<typeof verificationRequestRow>;

const series = z.array(z.number().int());

export const dashboardData = z.object({
  timetype: z.enum(['month', 'year']),
  /** One label per month (`yyyy-mm`) or year (`yyyy`) of the period. */
  xAxis: z.array(z.string()),
  /** Counts per label of xAxis. */
  yAxis: z.object({ issued: series, sent: series, revoked: series, verified: series }),
  issueTotal: z.number().int(),
  sentTotal: z.number().int(),
  revokeTotal: z.number().int(),
  verifyTotal: z.number().int(),
  verify: z.object({
    rows: z.array(verificationRequestRow),
    /** The cursor of the next page; absent on the last. */
    next: z.string().optional(),
  }),
});
export type DashboardData = z.infer<typeof dashboardData>;

export const downloadCategories = ['issue', 'sent', 'revoke', 'verify', 'engagement'] as const;
export type DownloadCategory = (typeof downloadCategories)[number];
export const dashboardDownloadQuery = periodQuery.and(
  z.object({
    category: z.enum(downloadCategories),
    search: z.string().trim().max(100).default(''),
    cohort: z.string().max(200).default(''),
  }),
);
/** The CSV file's name (§7: rows saved as download.csv). */
export const DASHBOARD_CSV_NAME = 'download.csv';

const statusCountsRow = {
  issued: z.number().int(),
  inProgress: z.number().int(),
  sent: z.number().int(),
  revoked: z.number().int(),
  hold: z.number().int(),
};
export const myCertificatesData = z.object({
  types: z.array(z.object({ certtype: z.string(), ...statusCountsRow })),
  totals: z.object(statusCountsRow),
});
export type MyCertificatesData = z.infer<typeof myCertificatesData>;

export const funnelCounts = z.object({
  mailed: z.number().int(),
  delivered: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  verified: z.number().int(),
  bounced: z.number().int(),
  complained: z.number().int(),
  /** Opens and clicks, each mail counted once a day. */
  opens: z.number().int(),
  clicks: z.number().int(),
});
export type FunnelCounts = z.infer<typeof funnelCounts>;
/** The invitation funnel: invited → delivered → opened → wallet connected. */
export const invitationFunnelCounts = z.object({
  invited: z.number().int(),
  delivered: z.number().int(),
  opened: z.number().int(),
  /** Wallets that posted their key with the invitation's one-time code. */
  connected: z.number().int(),
  bounced: z.number().int(),
  complained: z.number().int(),
  /** Opens, each mail counted once a day. */
  opens: z.number().int(),
});
export type InvitationFunnelCounts = z.infer<typeof invitationFunnelCounts>;
export const engagementQuery = z.object({ cohort: z.string().max(200).default('') });
/** The credential funnel (certificate and badge mails) per cohort, and beside it the invitation funnel. */
export const engagementData = z.object({
  cohorts: z.array(funnelCounts.extend({ cohortid: z.string() })),
  total: funnelCounts,
  invitations: z.object({
    cohorts: z.array(invitationFunnelCounts.extend({ cohortid: z.string() })),
    total: invitationFunnelCounts,
  }),
});
export type EngagementData = z.infer<typeof engagementData>;

export const firstStepIds = ['key', 'design', 'cohort', 'identity', 'generate', 'issue', 'send'] as const;
export type FirstStepId = (typeof firstStepIds)[number];
export const firstStepsData = z.object({
  steps: z.array(z.object({ id: z.enum(firstStepIds), done: z.boolean() })),
});
export type FirstStepsData = z.infer<typeof firstStepsData>;

export const dashboardRoutes = defineRoutes({
  'GET /api/dashboard': { access: anyMember, query: dashboardQuery, data: dashboardData },
  // Answers text/csv (download.csv), not the JSON envelope; errors are the envelope as usual.
  'GET /api/dashboard/download': { access: anyMember, query: dashboardDownloadQuery, data: z.null() },
  'GET /api/dashboard/engagement': { access: anyMember, query: engagementQuery, data: engagementData },
  'GET /api/dashboard/first-steps': { access: anyMember, data: firstStepsData },
});

export const myCertificatesRoutes = defineRoutes({
  'GET /api/mycertificates': { access: anyMember, data: myCertificatesData },
});

/** A tracked mail's token: 128 random bits, base64url. */
export const mailToken = z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: 'Unknown mail.' });

/**
 * The tracking pixel and the redirecting links of the certificate, invitation and badge mails
 * (engagement analytics): public, answering an image and a redirect rather than the envelope.
 */
export const mailTrackingRoutes = defineRoutes({
  'GET /api/public/mail/{token}/open': {
    access: anyone,
    params: z.object({ token: mailToken }),
    data: z.null(),
  },
  'GET /api/public/mail/{token}/link/{n}': {
    access: anyone,
    params: z.object({ token: mailToken, n: z.string().regex(/^\d{1,2}$/, { error: 'Unknown link.' }) }),
    data: z.null(),
  },
});
