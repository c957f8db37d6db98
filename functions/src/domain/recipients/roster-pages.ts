import {
  rosterAnchor,
  type ListRecipientsQuery,
  type RosterAnchor,
} from '@proofmark/shared/contract/recipients';
import { clampPage, pageOffset } from '@proofmark/shared/recipients/rules';
import { readRoster, type RosterFrom, type ScreenRow } from './recipient-store';

/*
 * An unfiltered page of the recipients screen in O(page) reads. DynamoDB cannot skip to an offset,
 * so a page is read from the nearest place whose position is known: the start, the end (the
 * cohorts' roster counts give the total), or the rows of the page the screen shows now (its
 * anchor). Every page the pager offers — the first two, the last two, the current one and its
 * neighbours — is at most one page away from one of these. A page far from all of them (a page
 * number typed into the address) is still right, at the cost of reading up to it.
 */

interface Segment {
  cohortid: string;
  /** Where the cohort's rows begin among all the listing's rows. */
  offset: number;
  count: number;
}

/** A place to read from: a cohort (segment) and a row in it, or the cohort's end, and the direction. */
interface Start {
  backwards: boolean;
  segment: number;
  from?: RosterFrom;
}

const listingOf = (q: ListRecipientsQuery) => `${q.cohort}\u0000${q.certtype}\u0000${q.pagesize}`;

export const encodeAnchor = (a: RosterAnchor) => Buffer.from(JSON.stringify(a)).toString('base64url');

/** The anchor the screen sent back, when it is one this organisation's listing made; else none. */
export const decodeAnchor = (orgId: string, q: ListRecipientsQuery): RosterAnchor | undefined => {
  if (!q.anchor) return undefined;
  try {
    const parsed = rosterAnchor.safeParse(JSON.parse(Buffer.from(q.anchor, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data.org !== orgId || parsed.data.listing !== listingOf(q))
      return undefined;
    return parsed.data;
  } catch {
    return undefined;
  }
};

/**
 * The read "next" asks for — the rows after the last one of the page shown, a page of them — started
 * by the caller before the listing's counts are known, so the usual page costs one round trip less;
 * rosterPage takes it when its plan starts with that very read. Never rejects (undefined instead).
 */
export interface ReadAhead {
  cohortid: string;
  after: string;
  limit: number;
  rows: Promise<ScreenRow[] | undefined>;
}

export const readAfterAnchor = (orgId: string, q: ListRecipientsQuery): ReadAhead | undefined => {
  const anchor = decodeAnchor(orgId, q);
  if (!anchor || q.page !== anchor.page + 1) return undefined;
  const [cohortid, after] = anchor.last;
  const rows = readRoster(orgId, cohortid, q.certtype, {
    limit: q.pagesize,
    from: { studentid: after },
  }).catch(() => undefined);
  return { cohortid, after, limit: q.pagesize, rows };
};

/** Reads `skip + take` rows from `start` in its direction, across cohorts, and keeps the last `take` in roster order. */
const readFrom = async (
  orgId: string,
  certtype: string,
  segments: Segment[],
  start: Start,
  skip: number,
  take: number,
  ahead?: ReadAhead,
) => {
  const rows: ScreenRow[] = [];
  const step = start.backwards ? -1 : 1;
  for (let i = start.segment; i >= 0 && i < segments.length && rows.length < skip + take; i += step) {
    const limit = skip + take - rows.length;
    const from = i === start.segment ? start.from : undefined;
    const readAlready =
      ahead &&
      !start.backwards &&
      from &&
      !from.inclusive &&
      from.studentid === ahead.after &&
      limit <= ahead.limit &&
      segments[i]!.cohortid === ahead.cohortid
        ? (await ahead.rows)?.slice(0, limit)
        : undefined;
    const got =
      readAlready ??
      (await readRoster(orgId, segments[i]!.cohortid, certtype, {
        limit,
        backwards: start.backwards,
        ...(from ? { from } : {}),
      }));
    rows.push(...got);
  }
  const kept = rows.slice(skip);
  return start.backwards ? kept.reverse() : kept;
};

/**
 * One unfiltered page over the cohorts (sorted) in roster order, given each one's roster count,
 * with its anchor; `ahead` is the read readAfterAnchor started, if any.
 */
export const rosterPage = async (
  orgId: string,
  cohorts: readonly string[],
  counts: readonly number[],
  q: ListRecipientsQuery,
  ahead?: ReadAhead,
) => {
  const segments: Segment[] = [];
  let total = 0;
  cohorts.forEach((cohortid, i) => {
    const count = Math.max(0, counts[i]!);
    if (count) segments.push({ cohortid, offset: total, count });
    total += count;
  });
  const index = clampPage(q.page, total, q.pagesize);
  const first = pageOffset(index, q.pagesize);
  const want = Math.max(0, Math.min(q.pagesize, total - first));
  if (!want) return { rows: [], total, index, anchor: undefined };

  // The places whose position is known, and what reading the page from each costs.
  const options: { start: Start; skip: number }[] = [
    { start: { backwards: false, segment: 0 }, skip: first },
    { start: { backwards: true, segment: segments.length - 1 }, skip: total - (first + want) },
  ];
  const anchor = decodeAnchor(orgId, q);
  const anchorSegment = (cohortid: string) => segments.findIndex((s) => s.cohortid === cohortid);
  if (anchor) {
    const at = pageOffset(anchor.page, q.pagesize);
    const last = at + anchor.rows - 1;
    const [fs, ls] = [anchorSegment(anchor.first[0]), anchorSegment(anchor.last[0])];
    if (fs >= 0 && ls >= 0) {
      const fromFirst = { studentid: anchor.first[1] };
      const fromLast = { studentid: anchor.last[1] };
      if (first >= at)
        options.push({
          start: { backwards: false, segment: fs, from: { ...fromFirst, inclusive: true } },
          skip: first - at,
        });
      if (first > last)
        options.push({ start: { backwards: false, segment: ls, from: fromLast }, skip: first - last - 1 });
      if (first + want - 1 < at)
        options.push({ start: { backwards: true, segment: fs, from: fromFirst }, skip: at - first - want });
      if (first + want - 1 <= last)
        options.push({
          start: { backwards: true, segment: ls, from: { ...fromLast, inclusive: true } },
          skip: last - (first + want - 1),
        });
    }
  }
  const best = options.reduce((a, b) => (b.skip < a.skip ? b : a));
  const rows = await readFrom(orgId, q.certtype, segments, best.start, best.skip, want, ahead);
  const made: RosterAnchor | undefined = rows.length
    ? {
        org: orgId,
        listing: listingOf(q),
        page: index,
        first: [rows[0]!.cohortid, rows[0]!.studentid],
        last: [rows.at(-1)!.cohortid, rows.at(-1)!.studentid],
        rows: rows.length,
      }
    : undefined;
  return { rows, total, index, anchor: made && encodeAnchor(made) };
};
