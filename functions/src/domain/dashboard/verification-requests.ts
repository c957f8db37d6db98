import type { EntityItem } from 'electrodb';
import type { VerificationRequestRow } from '@proofmark/shared/contract/dashboard';
import { verifications } from '../../store/verifications';

/**
 * The verification-requests table (§2, §3): the checks made on the organisation's verifier page in
 * a period, a page at a time, newest first unless asked otherwise, searchable by recipient,
 * certificate, credential id or transaction.
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

const spanQuery = (orgId: string, span: TimeSpan) =>
  verifications()
    .query.byTime({ orgId })
    // The sort key is VERIFY#<time>#<id>: every row of the span sorts between these two.
    .between({ verifiedAt: span.from }, { verifiedAt: span.until });

/** One page of the table. A search reads the span's rows on the table's side (a filter), not here. */
export const verificationRequests = async (
  orgId: string,
  span: TimeSpan,
  q: TableQuery,
): Promise<{ rows: VerificationRequestRow[]; next?: string }> => {
  const needle = q.search;
  const query = needle
    ? spanQuery(orgId, span).where(
        (a, op) =>
          `${op.contains(a.recipientName, needle)} OR ${op.contains(a.certificateName, needle)} OR ` +
          `${op.contains(a.credentialId, needle)} OR ${op.contains(a.transactionId, needle)}`,
      )
    : spanQuery(orgId, span);
  const { data, cursor } = await query.go({ order: q.order, count: q.pagesize, cursor: q.cursor ?? null });
  const rows = data.filter((v) => v.verifiedAt < span.until).map(rowOf);
  // Paid requests are few: the first page carries them all (none until billing records them).
  const paid = q.cursor ? [] : (await paidVerificationRequests(orgId, span)).filter(matcher(needle));
  return { rows: [...paid, ...rows], ...(cursor ? { next: cursor } : {}) };
};

/** Every row of the span (the CSV), up to `cap`. */
export const allVerificationRequests = async (orgId: string, span: TimeSpan, search: string, cap: number) => {
  const rows: VerificationRequestRow[] = [...(await paidVerificationRequests(orgId, span))];
  let cursor: string | undefined;
  do {
    const page = await verificationRequests(orgId, span, { pagesize: 100, cursor, search, order: 'desc' });
    rows.push(...page.rows.filter((r) => r.kind === 'check'));
    cursor = page.next;
  } while (cursor && rows.length < cap);
  return rows.filter(matcher(search)).slice(0, cap);
};
