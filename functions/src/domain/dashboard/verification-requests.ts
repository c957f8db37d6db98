import { createConversions, type EntityItem } from 'electrodb';
import type { VerificationRequestRow } from '@proofmark/shared/contract/dashboard';
import { badRequest } from '@proofmark/shared/errors';
import { paidVerificationRequests as paidRequests } from '../../store/paid-verification-requests';
import { stats } from '../../store/stats';
import { verifications } from '../../store/verifications';

/**
 * The verification-requests table (§2, §3): the checks made on the organisation's verifier page in
 * a period, a page at a time, newest first unless asked otherwise, searchable by recipient,
 * certificate, credential id, transaction or verdict.
 *
 * Every read is bounded. The month counters say which months hold checks (a check and its count
 * are one write, in the same month), so a page queries only those months, one at a time, each
 * for the rows still wanted plus one; a search reads at most SEARCH_READ_BUDGET rows per call and
 * answers what matched with a cursor to go on from. An organisation with 100k checks costs a page
 * what one with ten does.
 *
 * Paid verification requests (billing) join this table through `paidVerificationRequests` below.
 */

export interface TimeSpan {
  /** ISO, inclusive. */
  from: string;
  /** ISO, exclusive. */
  until: string;
}

export interface TableQuery {
  pagesize: number;
  cursor?: string;
  search: string;
  order: 'asc' | 'desc';
}

/** What one query of a search reads (matching is done here: case-insensitive, like the paid rows'). */
const SEARCH_READ_PAGE = 250;
/** What one query reads at most (a CSV of many rows reads them in slices of this). */
const READ_PAGE = 1_000;
/** The rows one search call reads at most before it answers with a cursor. */
export const SEARCH_READ_BUDGET = 1_000;
/** The rows a CSV of the table reads at most (a search over a long period stops here). */
export const CSV_READ_BUDGET = 50_000;

type Verification = EntityItem<ReturnType<typeof verifications>>;

const rowOf = (v: Verification): VerificationRequestRow => ({
  id: v.verificationId,
  kind: 'check',
  timeadded: v.verifiedAt,
  credentialId: v.credentialId,
  verdict: v.verdict,
  method: v.method,
  fullname: v.recipientName ?? '',
  competencyname: v.certificateName ?? '',
  transactionid: v.transactionId ?? '',
});

/** A paid request's row is read whole; the dashboard reads at most this many of a period. */
const PAID_READ_BUDGET = 1_000;

/**
 * The paid verification requests of the span (spec §3's payer fields, `kind: 'paid'`), newest
 * first: the billing area records them (store/paid-verification-requests.ts); requests whose
 * payment never completed are not listed.
 */
export const paidVerificationRequests = async (orgId: string, span: TimeSpan): Promise<VerificationRequestRow[]> => {
  const { data } = await paidRequests()
    .query.byTime({ orgId })
    .between({ requestedAt: span.from }, { requestedAt: span.until })
    .go({ order: 'desc', limit: PAID_READ_BUDGET, pages: 'all' });
  return data
    .filter((r) => r.status === 'paid' && r.requestedAt >= span.from && r.requestedAt < span.until)
    .map((r) => ({
      id: r.requestId,
      kind: 'paid',
      timeadded: r.requestedAt,
      credentialId: '',
      verdict: 'paid',
      method: 'request',
      fullname: r.fullname,
      competencyname: r.competencyname,
      transactionid: r.paymentId,
      payer_name: r.payer_name,
      organization: r.organization,
      designation: r.designation,
      email: r.email,
      contactnumber: r.contactnumber,
      enrollnumber: r.enrollnumber,
      amountofpayment: r.amountCents / 100,
      currency: r.currency,
    }));
};

const matcher = (search: string) => {
  const needle = search.toLowerCase();
  return (r: VerificationRequestRow) =>
    [
      r.fullname,
      r.competencyname,
      r.credentialId,
      r.transactionid,
      r.verdict,
      r.payer_name ?? '',
      r.email ?? '',
    ].some((f) => f.toLowerCase().includes(needle));
};

const byTime = () => createConversions(verifications()).byAccessPattern.byTime;

/** The cursor that goes on after `v`. */
const cursorAfter = (v: Verification) =>
  byTime().fromComposite.toCursor({
    orgId: v.orgId,
    verifiedAt: v.verifiedAt,
    verificationId: v.verificationId,
  });

/** Where a cursor of this organisation's table stands; a cursor of anything else is refused. */
const cursorTime = (orgId: string, cursor: string): string => {
  let at: { orgId?: string; verifiedAt?: string };
  try {
    at = byTime().fromCursor.toComposite(cursor);
  } catch {
    at = {};
  }
  if (at.orgId !== orgId || !at.verifiedAt)
    throw badRequest('That page of verification requests is unknown.');
  return at.verifiedAt;
};

/** The months (`yyyy-mm`) of the span holding checks, from the month counters. */
const monthsWithChecks = async (orgId: string, span: TimeSpan): Promise<string[]> => {
  const { data } = await stats()
    .query.byMonth({ orgId })
    .between({ month: span.from.slice(0, 7) }, { month: span.until.slice(0, 7) })
    .go({ pages: 'all', attributes: ['month', 'verified'] });
  return data.filter((m) => (m.verified ?? 0) > 0).map((m) => m.month);
};

const monthStart = (month: string) => `${month}-01T00:00:00.000Z`;
const nextMonthStart = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString();
};

/**
 * Up to `want` checks of the span in time order from `cursor`, those matching `search` when one is
 * given, reading only the `months` that hold checks and at most `budget` rows. `next` is where the
 * following call goes on.
 */
const readChecks = async (
  orgId: string,
  span: TimeSpan,
  months: string[],
  o: { order: 'asc' | 'desc'; cursor?: string; want: number; search: string; budget: number },
): Promise<{ rows: VerificationRequestRow[]; next?: string }> => {
  const matches = o.search ? matcher(o.search) : undefined;
  const after = o.cursor ? cursorTime(orgId, o.cursor).slice(0, 7) : undefined;
  const inOrder = [...months].sort();
  if (o.order === 'desc') inOrder.reverse();
  // The cursor's month first (the rest of it), then the months after it in the order asked.
  const todo = inOrder.filter((m) => !after || (o.order === 'desc' ? m <= after : m >= after));
  const rows: VerificationRequestRow[] = [];
  let read = 0;
  let last: Verification | undefined;
  for (const [mi, month] of todo.entries()) {
    const from = monthStart(month) > span.from ? monthStart(month) : span.from;
    const until = nextMonthStart(month) < span.until ? nextMonthStart(month) : span.until;
    let cursor: string | null = mi === 0 && o.cursor ? o.cursor : null;
    do {
      if (rows.length >= o.want || read >= o.budget) break;
      // Without a search, the rows still wanted plus one; with one, a bounded slice.
      const limit = matches
        ? Math.min(SEARCH_READ_PAGE, o.budget - read)
        : Math.min(READ_PAGE, o.want - rows.length + 1);
      const page = await verifications()
        .query.byTime({ orgId })
        // The sort key is VERIFY#<time>#<id>: every row of the month sorts between these two.
        .between({ verifiedAt: from }, { verifiedAt: until })
        .go({ order: o.order, limit, pages: 1, cursor });
      read += page.data.length;
      for (const [i, v] of page.data.entries()) {
        last = v;
        if (v.verifiedAt < from || v.verifiedAt >= until) continue;
        const row = rowOf(v);
        if (matches && !matches(row)) continue;
        rows.push(row);
        if (rows.length === o.want) {
          const more = i < page.data.length - 1 || !!page.cursor || mi < todo.length - 1;
          return { rows, ...(more ? { next: cursorAfter(v) } : {}) };
        }
      }
      cursor = page.cursor;
    } while (cursor);
    if (read >= o.budget) {
      const more = !!cursor || mi < todo.length - 1;
      return { rows, ...(more && last ? { next: cursorAfter(last) } : {}) };
    }
  }
  return { rows };
};

/** One page of the table; `months` are those of the span holding checks (monthsWithChecks). */
export const verificationRequests = async (
  orgId: string,
  span: TimeSpan,
  months: string[],
  q: TableQuery,
): Promise<{ rows: VerificationRequestRow[]; next?: string }> => {
  const checks = await readChecks(orgId, span, months, {
    order: q.order,
    cursor: q.cursor,
    want: q.pagesize,
    search: q.search,
    budget: SEARCH_READ_BUDGET,
  });
  // Paid requests are few: the first page carries them all.
  const paid = q.cursor ? [] : (await paidVerificationRequests(orgId, span)).filter(matcher(q.search));
  return { rows: [...paid, ...checks.rows], ...(checks.next ? { next: checks.next } : {}) };
};

/** Every row of the span (the CSV), newest first, up to `cap`. */
export const allVerificationRequests = async (orgId: string, span: TimeSpan, search: string, cap: number) => {
  const paid = (await paidVerificationRequests(orgId, span)).filter(matcher(search));
  const checks = await readChecks(orgId, span, await monthsWithChecks(orgId, span), {
    order: 'desc',
    want: Math.max(0, cap - paid.length),
    search,
    budget: CSV_READ_BUDGET,
  });
  return [...paid, ...checks.rows];
};
