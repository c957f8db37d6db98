import { recipientStatus, type StudentRow } from '@proofmark/shared/recipients/rules';
import { cohorts } from '../../store/cohorts';
import { patchRecipientWhere, recipients, rosterOrder, searchKeys } from '../../store/recipients';
import { ROSTER_INDEXED, rosterCounts } from '../../store/roster-counts';
import { searchFold } from '@proofmark/shared/recipients/rules';
import { rowsWrittenBeforeEntities as earlierRows, written } from '../../store/table';
import {
  put,
  remove,
  update,
  writeEachConditional,
  MAX_TRANSACTION_ITEMS,
  type TransactItem,
} from '../../store/transaction';
import { counterItems, writeCounted } from '../dashboard/counters';

/** 100 rows per transaction, four transactions in flight. */
const ROWS_PER_WRITE = { size: MAX_TRANSACTION_ITEMS, atOnce: 4 };

/**
 * Cohorts and recipient rows (store/cohorts.ts, store/recipients.ts): a cohort is `ORG#<org>` /
 * `COHORT#<cohort>`; its recipients live in a partition of their own, one row per student and
 * certificate type, so a cohort's rows of one certificate type are one query. A row created or
 * deleted here is counted in (or out of) My Certificates' in progress and its cohort's roster count
 * in the same transaction.
 */

export interface CohortItem {
  orgId: string;
  cohortid: string;
  parts: string[];
  country: string;
  createdAt: string;
}

/** A row's composite key: what every read and write of one row names. */
export type RecipientKey = Pick<RecipientItem, 'orgId' | 'cohortid' | 'certtype' | 'studentid'>;

/** The composite key of a row from its table key (what a one-time code keeps); undefined if it is none. */
export const rowKeyOf = (pk: string, sk: string): RecipientKey | undefined => {
  const partition = /^ORG#([^#]+)#COH#([^#]+)$/.exec(pk);
  const sort = /^CT#([^#]+)#R#([^#]+)$/.exec(sk);
  if (!partition || !sort) return undefined;
  return { orgId: partition[1]!, cohortid: partition[2]!, certtype: sort[1]!, studentid: sort[2]! };
};

export interface RecipientItem {
  /** The row's table key, for the workspace's conditional writes on it. */
  pk: string;
  sk: string;
  orgId: string;
  cohortid: string;
  certtype: string;
  studentid: string;
  firstname: string;
  middlename: string;
  lastname: string;
  email: string;
  secondemail: string;
  extra: Record<string, string>;
  status: string;
  publicKey?: string;
  oneTimeCode?: string;
  photoKey?: string;
  photoContentType?: string;
  documentKey?: string;
  /** 'krutidev010' means legacy-font rendering (§3). */
  fontflag?: string;
  invitedAt?: string;
  inviteRun?: string;
  /** Why the last mail to this recipient could not be delivered (the mail server's reason); '' once one was. */
  mailError?: string;
  /** The run whose job gave up on this row, and when (workspace/job-chunks.ts: a redrive retries it). */
  failedRun?: string;
  failedAt?: string;
  // ——— the certificate (issuance workspace; shared/src/workspace/rules.ts has the statuses) ———
  /** Fixed at the first generation and kept until issued: the credential id is urn:uuid:<certUuid>. */
  certUuid?: string;
  generatedAt?: string;
  generateRun?: string;
  /** The cohort's design version the certificate was generated with (0: the gallery default). */
  designVersion?: number;
  /** Validate (§2.5, is_validated). Cleared by Reset and by generating again. */
  validated?: 0 | 1;
  reviewAt?: string;
  /** The issue request (= its run id) that took this row; the anchoring batch of that request. */
  issueRequestId?: string;
  batchId?: string;
  scheduledAt?: string;
  issuedAt?: string;
  /** Unhold returns to this status (Certificate issued or Certificate sent). */
  statusBeforeHold?: string;
  heldAt?: string;
  revokedAt?: string;
  revokeReason?: string;
  sentAt?: string;
  sentCount?: number;
  /** The send run that last mailed this row: a redelivered chunk of that run skips it (no double count). */
  sendRun?: string;
  firstSentRun?: string;
  /** The address bounced (a mail event): later sends skip the row until its email is edited. */
  bouncedAt?: string;
  bounceReason?: string;
  /** What an issue request that is refused gives the row back. */
  statusBeforeIssue?: string;
  /** Approval screen (§2.6): 1 approved, 2 declined. */
  approval?: 1 | 2;
  declineReason?: string;
  createdAt: string;
  updatedAt: string;
  /** TTL (epoch seconds): the live demo's rows expire. */
  expiresAt?: number;
  /** The roster index's sort key (store/recipients.ts); absent on rows from before it, until the backfill. */
  rosterOrder?: string;
  /** The search index's keys (store/recipients.ts searchKeys). */
  findFirst?: string;
  findLast?: string;
  findEmail?: string;
  findId?: string;
}

/**
 * What the recipients screen shows of a row (recipients.ts childRow): its page and search reads ask
 * DynamoDB for these attributes only. A row carries about thirty (its twelve index keys, the search
 * keys, the workspace's marks); parsing, unmarshalling and ElectroDB's formatting of the rest were
 * most of the worker's CPU on a page.
 */
export const screenAttributes = [
  'cohortid',
  'studentid',
  'firstname',
  'middlename',
  'lastname',
  'email',
  'secondemail',
  'extra',
  'status',
  'publicKey',
  'oneTimeCode',
  'photoKey',
  'fontflag',
  'bouncedAt',
  'mailError',
] as const satisfies readonly (keyof RecipientItem)[];

export type ScreenRow = Pick<RecipientItem, (typeof screenAttributes)[number]>;

/** Runs `fn` over the items, at most `limit` at a time. */
export const mapLimit = async <T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
) => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};

// ——— cohorts ———

export const listCohortItems = async (orgId: string): Promise<CohortItem[]> =>
  (
    await cohorts()
      .query.byId({ orgId })
      .go({ ...earlierRows, pages: 'all', consistent: true })
  ).data;

export const getCohort = async (orgId: string, cohortid: string): Promise<CohortItem | undefined> =>
  (
    await cohorts()
      .get({ orgId, cohortid })
      .go({ ...earlierRows, consistent: true })
  ).data ?? undefined;

/** Creates the cohort; `onlyNew` refuses (returns false) when it exists, else an existing one is kept. */
export const putCohort = async (
  orgId: string,
  cohortid: string,
  country = '',
  onlyNew = false,
): Promise<boolean> => {
  const created = await written(
    cohorts()
      .create({ orgId, cohortid, parts: cohortid.split('-'), country, createdAt: new Date().toISOString() })
      .go({ response: 'none' }),
  );
  return created || !onlyNew;
};

export const deleteCohortItem = async (orgId: string, cohortid: string) => {
  await cohorts().delete({ orgId, cohortid }).go({ response: 'none' });
};

/** Whether any row (of any certificate type) is left in the cohort's partition. */
export const cohortHasRows = async (orgId: string, cohortid: string): Promise<boolean> =>
  (
    await recipients()
      .query.byId({ orgId, cohortid })
      .go({ ...earlierRows, limit: 1, consistent: true })
  ).data.length > 0;

// ——— recipient rows ———

/**
 * Rows as the workspace knows them: with their table key (pk/sk) for its conditional writes, and
 * with whatever else its writes put on the row.
 */
const asRow = (item: object) => item as RecipientItem;
const withKeys = { ...earlierRows, data: 'includeKeys', consistent: true } as const;

export const listCohortRows = async (orgId: string, cohortid: string, certtype: string) =>
  (
    await recipients()
      .query.byId({ orgId, cohortid, certtype })
      .go({ ...withKeys, pages: 'all' })
  ).data.map(asRow);

/**
 * Some rows of a cohort, by student id: batch reads of 100 keys (strongly consistent, as
 * listCohortRows), in the cohort's own order. A job's chunk names 100 rows of a cohort of
 * thousands: reading the cohort for them read 20 times the rows (a 2,000-row run's 20 chunks read
 * 40,000 rows). A row that is gone is left out, as the query leaves it out.
 */
export const cohortRowsByIds = async (
  orgId: string,
  cohortid: string,
  certtype: string,
  studentids: readonly string[],
): Promise<RecipientItem[]> => {
  const found: RecipientItem[] = [];
  let left = studentids.map((studentid) => ({ orgId, cohortid, certtype, studentid }));
  for (let attempt = 1; left.length; attempt++) {
    const { data, unprocessed } = await recipients().get(left).go({ ...withKeys, concurrency: 4 });
    found.push(...data.map(asRow));
    if (!unprocessed.length) break;
    // A batch read may leave keys unread under load: those are read again.
    if (attempt >= 5) throw new Error(`cohortRowsByIds: ${unprocessed.length} row(s) not read`);
    left = unprocessed.map((k) => ({ orgId, cohortid, certtype, studentid: k.studentid }));
    await new Promise((r) => setTimeout(r, 50 * attempt));
  }
  // The query's order: by sort key, whose strings DynamoDB compares as UTF-8 bytes.
  const sortKey = (r: RecipientItem) => Buffer.from((r as { sk?: string }).sk ?? '');
  return found.sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)));
};

/** The first `limit` rows of a cohort: a sample (the designer's columns and preview recipient). */
export const sampleCohortRows = async (orgId: string, cohortid: string, certtype: string, limit: number) =>
  (
    await recipients()
      .query.byId({ orgId, cohortid, certtype })
      .go({ ...withKeys, limit })
  ).data.map(asRow);
/** One recipient of the cohort, of any certificate type (a mail preview's sample); undefined when empty. */
export const anyCohortRow = async (orgId: string, cohortid: string): Promise<RecipientItem | undefined> => {
  const { data } = await recipients()
    .query.byId({ orgId, cohortid })
    .go({ ...withKeys, limit: 1 });
  return data[0] ? asRow(data[0]) : undefined;
};

export const getRecipient = async (
  orgId: string,
  cohortid: string,
  certtype: string,
  studentid: string,
): Promise<RecipientItem | undefined> => {
  const { data } = await recipients().get({ orgId, cohortid, certtype, studentid }).go(withKeys);
  return data ? asRow(data) : undefined;
};

/** Adds `by` to the cohort's roster count of one certificate type (store/roster-counts.ts). */
const rosterCountItem = (orgId: string, cohortid: string, certtype: string, by: number): TransactItem =>
  update(rosterCounts().update({ orgId, cohortid, certtype }).add({ rows: by }).params());

const rosterCountOf = async (orgId: string, cohortid: string, certtype: string) =>
  (
    await rosterCounts()
      .get({ orgId, cohortid, certtype })
      .go({ ...earlierRows, consistent: true })
  ).data ?? undefined;

/** A row the roster or search index lacks (written before they existed). */
const unindexed = (r: RecipientItem) => !r.rosterOrder || r.findFirst === undefined || r.findId === undefined;

/**
 * Brings a cohort's rows of one type into the roster and search indexes and its roster count up to
 * date, once: rows from before those existed get their keys, and the count is set to the rows read
 * (only if no row was counted in or out meanwhile: else it is read again), with the "indexed"
 * mark, after which the count alone is trusted. Answers the count.
 */
export const indexCohort = async (orgId: string, cohortid: string, certtype: string): Promise<number> => {
  for (;;) {
    const before = await rosterCountOf(orgId, cohortid, certtype);
    if (before?.indexed === ROSTER_INDEXED) return before.rows ?? 0;
    const rows = await listCohortRows(orgId, cohortid, certtype);
    // Written whole (an update would add the index sort keys without their partition keys), and
    // only while unchanged since read; a row changed meanwhile is read again.
    const rewritten = await mapLimit(rows.filter(unindexed), 10, (r) =>
      written(
        recipients()
          .put({
            ...(Object.fromEntries(
              Object.entries(r).filter(([k]) => !/^(pk|sk|gsi\d(pk|sk)|__edb_[ev]__)$/.test(k)),
            ) as RecipientItem),
            rosterOrder: r.rosterOrder ?? rosterOrder(r.studentid),
            ...searchKeys(r),
          })
          .where((a, op) => op.eq(a.updatedAt, r.updatedAt))
          .go({ response: 'none' }),
      ),
    );
    if (rewritten.includes(false)) continue;
    const counted = await written(
      rosterCounts()
        .update({ orgId, cohortid, certtype })
        .set({ rows: rows.length, indexed: ROSTER_INDEXED })
        .where((a, op) => (before?.rows === undefined ? op.notExists(a.rows) : op.eq(a.rows, before.rows)))
        .go({ response: 'none' }),
    );
    if (counted) return rows.length;
  }
};

/**
 * How many rows each cohort has of the type (its roster count, one read for all); a cohort not yet
 * indexed (rows from before the roster and search indexes) is indexed first (indexCohort).
 */
export const rosterCountsOf = async (orgId: string, cohortids: readonly string[], certtype: string) => {
  if (!cohortids.length) return [];
  const { data } = await rosterCounts()
    .get(cohortids.map((cohortid) => ({ orgId, cohortid, certtype })))
    .go({ ...earlierRows, consistent: true });
  const byCohort = new Map(
    data.filter((c) => c.indexed === ROSTER_INDEXED).map((c) => [c.cohortid, c.rows ?? 0]),
  );
  return mapLimit(cohortids, 4, async (c) => byCohort.get(c) ?? (await indexCohort(orgId, c, certtype)));
};

/**
 * Every cohort's roster count of one type, read as one query of the organisation's count items (a
 * few per cohort) — unlike rosterCountsOf it needs no list of cohorts first, so it runs beside the
 * read of that list. A cohort's count is to be trusted only once it is marked indexed (indexedCount).
 */
export const readRosterCounts = async (orgId: string, certtype: string) => {
  const { data } = await rosterCounts()
    .query.byCohort({ orgId })
    .go({ ...earlierRows, pages: 'all', consistent: true });
  return new Map(data.filter((c) => c.certtype === certtype).map((c) => [c.cohortid, c]));
};

/**
 * A cohort's count from readRosterCounts' answer, or, for a cohort not yet indexed (rows from before
 * the roster and search indexes), the count indexCohort makes; `indexed` says which it was.
 */
export const indexedCount = async (
  orgId: string,
  cohortid: string,
  certtype: string,
  read: Map<string, { rows?: number; indexed?: number }>,
): Promise<{ rows: number; indexed: boolean }> => {
  const item = read.get(cohortid);
  if (item?.indexed === ROSTER_INDEXED) return { rows: item.rows ?? 0, indexed: false };
  return { rows: await indexCohort(orgId, cohortid, certtype), indexed: true };
};

/**
 * The sort keys a search covers: from the folded text itself to the text followed by the highest
 * code point. DynamoDB orders strings by their UTF-8 bytes, where U+10FFFF comes last (and no
 * folded name holds it), so the range holds exactly the keys that begin with the text — as
 * begins_with would, but DynamoDB Local reads a whole partition for begins_with (the
 * organisation's rows of a type: 6–8 ms a query at 10,000 rows) and a range from its index (2 ms).
 */
const prefixRange = (prefix: string) => [prefix, `${prefix}\u{10FFFF}`] as const;
type Range = ReturnType<typeof prefixRange>;

/** The search patterns, one per searched field (store/recipients.ts). */
const searchPatterns = [
  (orgId: string, certtype: string, [from, to]: Range) =>
    recipients().query.byFirstName({ orgId, certtype }).between({ findFirst: from }, { findFirst: to }),
  (orgId: string, certtype: string, [from, to]: Range) =>
    recipients().query.byLastName({ orgId, certtype }).between({ findLast: from }, { findLast: to }),
  (orgId: string, certtype: string, [from, to]: Range) =>
    recipients().query.byEmail({ orgId, certtype }).between({ findEmail: from }, { findEmail: to }),
  (orgId: string, certtype: string, [from, to]: Range) =>
    recipients().query.byStudentId({ orgId, certtype }).between({ findId: from }, { findId: to }),
];

/**
 * The organisation's rows of a type whose first name, last name, email or student id begins with
 * the search (folded: shared searchFold), each once, as the screen shows them (ScreenRow): reads the
 * matching rows only, from the search indexes, never a cohort. The indexes are eventually consistent (an edit shows a moment later);
 * the rows are those the caller's cohorts were indexed for (rosterCountsOf first).
 */
export const searchRows = async (orgId: string, certtype: string, search: string): Promise<ScreenRow[]> => {
  const prefix = searchFold(search);
  if (!prefix) return [];
  const found = await Promise.all(
    searchPatterns.map(
      async (pattern) =>
        (
          await pattern(orgId, certtype, prefixRange(prefix)).go({
            ...earlierRows,
            attributes: screenAttributes,
            pages: 'all',
          })
        ).data as ScreenRow[],
    ),
  );
  const byKey = new Map<string, ScreenRow>();
  for (const r of found.flat()) byKey.set(`${r.cohortid}\u0000${r.studentid}`, r);
  return [...byKey.values()];
};

/** Where a roster read starts: after (or, backwards, before) a row, or inclusive of it; else at an end. */
export interface RosterFrom {
  studentid: string;
  inclusive?: boolean;
}

/**
 * Up to `limit` rows of a cohort in roster order (the recipients screen's), forwards or backwards
 * from a row, as the screen shows them (ScreenRow): reads those rows only (the roster index), never
 * the cohort.
 */
export const readRoster = async (
  orgId: string,
  cohortid: string,
  certtype: string,
  opts: { limit: number; backwards?: boolean; from?: RosterFrom },
): Promise<ScreenRow[]> => {
  if (opts.limit <= 0) return [];
  const key = { orgId, cohortid, certtype };
  const query = recipients().query.byRoster(key);
  const from = opts.from && { rosterOrder: rosterOrder(opts.from.studentid) };
  const ranged = !from
    ? query
    : opts.backwards
      ? opts.from!.inclusive
        ? query.lte(from)
        : query.lt(from)
      : opts.from!.inclusive
        ? query.gte(from)
        : query.gt(from);
  const { data } = await ranged.go({
    ...earlierRows,
    attributes: screenAttributes,
    limit: opts.limit,
    order: opts.backwards ? 'desc' : 'asc',
  });
  return data as ScreenRow[];
};

/** What a sheet row says about a student: the fields an import writes, new row or existing. */
const sheetFields = (s: StudentRow) => ({
  firstname: s.firstname,
  middlename: s.middlename,
  lastname: s.lastname,
  email: s.email,
  secondemail: s.secondemail,
  extra: s.extra,
});

/** The most rows one transaction creates: DynamoDB's 100 items, two kept for the counters. */
export const CREATED_PER_TRANSACTION = 98;

/**
 * Creates the students' rows ('Invite pending') and counts them in progress, in one transaction;
 * false (nothing written) when one of the rows exists already.
 */
const createCounted = (orgId: string, cohortid: string, certtype: string, students: StudentRow[]) => {
  const now = new Date().toISOString();
  return writeCounted([
    ...students.map((s) =>
      put(
        recipients()
          .create({
            orgId,
            cohortid,
            certtype,
            studentid: s.studentid,
            rosterOrder: rosterOrder(s.studentid),
            ...sheetFields(s),
            ...searchKeys(s),
            status: recipientStatus.invitePending,
            createdAt: now,
            updatedAt: now,
          })
          .params(),
      ),
    ),
    ...counterItems(orgId, {
      moves: [{ certtype, to: recipientStatus.invitePending, count: students.length }],
    }),
    rosterCountItem(orgId, cohortid, certtype, students.length),
  ]);
};

/** Updates the uploaded fields of an existing row (status, key, code and files kept); false when there is none. */
const updateStudent = (orgId: string, cohortid: string, certtype: string, s: StudentRow) =>
  written(
    recipients()
      .patch({ orgId, cohortid, certtype, studentid: s.studentid })
      .set({ ...sheetFields(s), ...searchKeys(s), updatedAt: new Date().toISOString() })
      .go({ response: 'none' }),
  );

/**
 * Writes rows for students the cohort does not have yet, 99 to a transaction with their count (an
 * import's common case). A student whose row was written meanwhile (a retried import) gets its
 * fields updated instead, so a row is counted only when it is created.
 */
export const putNewStudents = async (
  orgId: string,
  cohortid: string,
  certtype: string,
  students: StudentRow[],
) => {
  // A cohort with rows from before the indexes is indexed first, so its count stays exact.
  await indexCohort(orgId, cohortid, certtype);
  for (let i = 0; i < students.length; i += CREATED_PER_TRANSACTION) {
    const part = students.slice(i, i + CREATED_PER_TRANSACTION);
    if (await createCounted(orgId, cohortid, certtype, part)) continue;
    await mapLimit(part, 10, async (s) => {
      if (!(await createCounted(orgId, cohortid, certtype, [s])))
        await updateStudent(orgId, cohortid, certtype, s);
    });
  }
};

/**
 * Adds a student or updates the uploaded fields of an existing one; the status, public key,
 * one-time code and files of an existing row are kept. Idempotent, so a retried import is harmless.
 */
export const upsertStudent = async (orgId: string, cohortid: string, certtype: string, s: StudentRow) => {
  if (!(await updateStudent(orgId, cohortid, certtype, s)))
    await putNewStudents(orgId, cohortid, certtype, [s]);
};

/** Sets some attributes of an existing row (never creates one); false when the row is gone or the condition fails. */
export const updateRecipientItem = async (
  row: RecipientKey,
  changes: Partial<Omit<RecipientItem, 'pk' | 'sk' | keyof RecipientKey>>,
  condition?: { expression: string; values?: Record<string, unknown> },
): Promise<boolean> => {
  const key = { orgId: row.orgId, cohortid: row.cohortid, certtype: row.certtype, studentid: row.studentid };
  const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  // A renamed or re-addressed row is found by its new name at once: its search keys change with it.
  const { firstname, lastname, email } = given as Partial<RecipientItem>;
  const set = {
    ...given,
    ...searchKeys({ firstname, lastname, email }),
    updatedAt: new Date().toISOString(),
  };
  return written(
    condition
      ? patchRecipientWhere(key, set, condition)
      : recipients().patch(key).set(set).go({ response: 'none' }),
  );
};

/**
 * updateRecipientItem for many rows, each only while in the status it was read in (a row moved
 * meanwhile, say claimed by an issue request, is left alone), in transactions of up to 100 rows
 * rather than a request per row: answers how many were changed.
 */
export const updateRecipientItems = async (
  rows: readonly RecipientItem[],
  changesOf: (row: RecipientItem) => Partial<Omit<RecipientItem, 'pk' | 'sk' | keyof RecipientKey>>,
): Promise<number> => {
  const updatedAt = new Date().toISOString();
  const written = await writeEachConditional(
    rows.map((r) =>
      update(
        recipients()
          .patch({ orgId: r.orgId, cohortid: r.cohortid, certtype: r.certtype, studentid: r.studentid })
          .set({ ...changesOf(r), updatedAt })
          .where((a, op) => (r.status === undefined ? op.notExists(a.status) : op.eq(a.status, r.status)))
          .params(),
      ),
    ),
    ROWS_PER_WRITE,
  );
  return written.filter(Boolean).length;
};

/**
 * Deletes a row while it is still in the status it was read in, taking it out of My Certificates'
 * count and, when it was counted there (it carries its roster key), of its cohort's roster count in
 * the same transaction; false when it was gone or had moved meanwhile (an issue request may have
 * taken it). A row the cohort's backfill indexed since it was read is read again.
 */
export const deleteRecipientItem = async (row: RecipientItem): Promise<boolean> => {
  const counted = !!row.rosterOrder;
  const deleted = await writeCounted([
    remove(
      recipients()
        .remove({
          orgId: row.orgId,
          cohortid: row.cohortid,
          certtype: row.certtype,
          studentid: row.studentid,
        })
        .where((a, op) =>
          [
            op.eq(a.status, row.status),
            counted ? op.exists(a.rosterOrder) : op.notExists(a.rosterOrder),
          ].join(' AND '),
        )
        .params(),
    ),
    ...counterItems(row.orgId, { moves: [{ certtype: row.certtype, from: row.status }] }),
    ...(counted ? [rosterCountItem(row.orgId, row.cohortid, row.certtype, -1)] : []),
  ]);
  if (deleted || counted) return deleted;
  const now = await getRecipient(row.orgId, row.cohortid, row.certtype, row.studentid);
  return !!now?.rosterOrder && now.status === row.status && deleteRecipientItem(now);
};
