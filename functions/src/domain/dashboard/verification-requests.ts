import { createConversions, type EntityItem } from 'electrodb';
import type { VerificationRequestRow } from '@proofmark/shared/contract/dashboard';
import { verifications } from '../../store/verifications';

/**
 * The verification-requests table (§2, §3): the checks made on the organisation's verifier page in
 * a period, a page at a time, newest first unless asked otherwise, searchable by recipient,
 * certificate, credential id, transaction or verdict.
 *
 * Every read is bounded: a page reads its rows plus one (to know whether another follows) in one
 * query; a search reads at most SEARCH_READ_BUDGET rows per call and answers what matched with a
 * cursor to go on from, so a search over an organisation with 100k checks stays a short call.
 *
 * Paid verification requests (billing) join this table through `paidVerificationRequests` below:
 * the billing area records them; until it does, there are none.
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

/**
 * The seam for paid verification requests (spec §3's payer fields): none yet. The billing work
 * answers its rows of the span here, in the same row shape (`kind: 'paid'`).
 */
export const paidVerificationRequests = async (
  _orgId: string,
  _span: TimeSpan,
): Promise<VerificationRequestRow[]> => [];

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

/** The cursor that goes on after `v` (a page cut short of what its query read). */
const cursorAfter = (v: Verification) =>
  createConversions(verifications()).byAccessPattern.byTime.fromComposite.toCursor({
    orgId: v.orgId,
    verifiedAt: v.verifiedAt,
    verificationId: v.verificationId,
  });

/**
 * Up to `want` checks of the span in time order from `cursor`, those matching `search` when one is
 * given, reading at most `budget` rows (a search). `next` is where the following call goes on.
 */
const readChecks = async (
  orgId: string,
  span: TimeSpan,
  o: { order: 'asc' | 'desc'; cursor?: string; want: number; search: string; budget: number },
): Promise<{ rows: VerificationRequestRow[]; next?: string }> => {
  const matches = o.search ? matcher(o.search) : undefined;
  const rows: VerificationRequestRow[] = [];
  let cursor: string | null = o.cursor ?? null;
  let read = 0;
  while (rows.length < o.want && read < o.budget) {
    // Without a search, the rows still wanted plus one; with one, a bounded slice of the span.
    const limit = matches
      ? Math.min(SEARCH_READ_PAGE, o.budget - read)
      : Math.min(READ_PAGE, o.want - rows.length + 1);
    const page = await verifications()
      .query.byTime({ orgId })
      // The sort key is VERIFY#<time>#<id>: every row of the span sorts between these two.
      .between({ verifiedAt: span.from }, { verifiedAt: span.until })
      .go({ order: o.order, limit, pages: 1, cursor });
    read += page.data.length;
    for (const [i, v] of page.data.entries()) {
      if (v.verifiedAt >= span.until) continue;
      const row = rowOf(v);
      if (matches && !matches(row)) continue;
      rows.push(row);
      if (rows.length === o.want) {
        const more = i < page.data.length - 1 || !!page.cursor;
        return { rows, ...(more ? { next: cursorAfter(v) } : {}) };
      }
    }
    cursor = page.cursor;
    if (!cursor) return { rows };
  }
  return { rows, ...(cursor ? { next: cursor } : {}) };
};

/** One page of the table. */
export const verificationRequests = async (
  orgId: string,
  span: TimeSpan,
  q: TableQuery,
): Promise<{ rows: VerificationRequestRow[]; next?: string }> => {
  const checks = await readChecks(orgId, span, {
    order: q.order,
    cursor: q.cursor,
    want: q.pagesize,
    search: q.search,
    budget: SEARCH_READ_BUDGET,
  });
  // Paid requests are few: the first page carries them all (none until billing records them).
  const paid = q.cursor ? [] : (await paidVerificationRequests(orgId, span)).filter(matcher(q.search));
  return { rows: [...paid, ...checks.rows], ...(checks.next ? { next: checks.next } : {}) };
};

/** The rows a CSV of the table reads at most (a search over a long period stops here). */
export const CSV_READ_BUDGET = 50_000;

/** Every row of the span (the CSV), newest first, up to `cap`. */
export const allVerificationRequests = async (orgId: string, span: TimeSpan, search: string, cap: number) => {
  const paid = (await paidVerificationRequests(orgId, span)).filter(matcher(search));
  const checks = await readChecks(orgId, span, {
    order: 'desc',
    want: Math.max(0, cap - paid.length),
    search,
    budget: CSV_READ_BUDGET,
  });
  return [...paid, ...checks.rows];
};
