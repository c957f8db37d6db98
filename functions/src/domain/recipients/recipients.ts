import { AppError, badRequest, conflict, notFound } from '@proofmark/shared/errors';
import type { CohortsData } from '@proofmark/shared/contract/cohorts';
import type {
  ListRecipientsQuery,
  RecipientRow,
  RecipientsData,
  UpdateRecipientRequest,
} from '@proofmark/shared/contract/recipients';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import type { Verdict } from '@proofmark/shared/workspace/rules';
import {
  clampPage,
  cohortDropdowns,
  isLockedStatus,
  itemId,
  matchesSearch,
  matchesStatusFilter,
  pageCount,
  pageOffset,
  parseItemId,
  recipientStatus,
  validCohortId,
} from '@proofmark/shared/recipients/rules';
import { deleteObject, getObjectBytes } from '../../adapters/blobs';
import {
  cohortHasRows,
  deleteCohortItem,
  deleteRecipientItem,
  getCohort,
  getRecipient,
  indexedCount,
  listCohortItems,
  listCohortRows,
  cohortRowsByIds,
  mapLimit,
  putCohort,
  readRosterCounts,
  rosterCountsOf,
  searchRows,
  updateRecipientItem,
  updateRecipientItems,
  type RecipientItem,
  type ScreenRow,
} from './recipient-store';
import { forgetOneTimeCode } from '../public/wallet-introduction';
import { readAfterAnchor, rosterPage } from './roster-pages';

/** Template number → name (§2.3 defaults), until the template designer stores the organisation's own. */
export const defaultTemplates: Record<string, string> = {
  '1': 'School of Hard Knocks',
  '2': 'College of Life',
};

// ——— cohorts ———

export const listCohorts = async (orgId: string, certtype: string): Promise<CohortsData> => {
  const cohorts = (await listCohortItems(orgId)).sort((a, b) => a.cohortid.localeCompare(b.cohortid));
  // Each cohort's roster count (a cohort with rows from before the counts is indexed once first).
  const counts = await rosterCountsOf(
    orgId,
    cohorts.map((c) => c.cohortid),
    certtype,
  );
  const { mode, dropdowns } = cohortDropdowns(cohorts.map((c) => c.cohortid));
  return {
    Data: cohorts.map((c, i) => ({
      label: c.cohortid,
      value: c.cohortid,
      country: c.country ?? '',
      count: counts[i]!,
    })),
    Templates: JSON.stringify(defaultTemplates),
    cohortsearchmode: mode,
    cohortdropwdownarray: dropdowns,
  };
};

export const createCohort = async (orgId: string, cohortid: string, country: string) => {
  if (!validCohortId(cohortid)) throw badRequest(m.cohortIdInvalid);
  if (!(await putCohort(orgId, cohortid, country, true))) throw conflict(m.cohortExists);
  return { cohortid };
};

/** The cohorts a list call covers: all, the one named, or those under a prefix of dash-joined parts. */
export const cohortsMatching = async (orgId: string, cohort: string): Promise<string[]> => {
  const ids = (await listCohortItems(orgId)).map((c) => c.cohortid);
  if (!cohort) return ids;
  return ids.filter((id) => id === cohort || id.startsWith(`${cohort}-`));
};

// ——— the recipient tree ———

export const childRow = (r: ScreenRow): RecipientRow => ({
  id: itemId(r.cohortid, r.studentid),
  cohortid: r.cohortid,
  studentid: r.studentid,
  field1: r.firstname,
  field2: r.middlename ?? '',
  field3: r.lastname ?? '',
  field4: r.email,
  field5: Object.values(r.extra ?? {})[0] ?? '',
  field6: r.publicKey ?? '',
  field7: r.oneTimeCode ?? '',
  field10: r.photoKey ? 'Yes' : 'No',
  field11: r.fontflag ?? '',
  status: r.status ?? '',
  secondemailaddress: r.secondemail ?? '',
  extrafields: r.extra ?? {},
  ...(r.bouncedAt ? { bounced: true } : {}),
  ...(r.mailError ? { mailError: r.mailError } : {}),
  is_child: 1,
  children: [],
});

/** A row matches a search when its first name, last name, email or student id begins with it (shared rules). */
export { matchesSearch };

/** A parent (cohort) row over children of type C; the first parent carries `pagecount`. */
export type TreeParent<C extends RecipientRow> = Omit<C, 'is_child' | 'children' | 'field10'> & {
  field10: 'Yes' | 'No' | '';
  is_child: 0;
  children: C[];
  pagecount?: number;
};

/**
 * One page of a tree (pure): rows sorted by cohort then student id, the page's slice grouped
 * under cohort parents; the first parent carries `pagecount` = the number of matching rows (§9).
 * `toChild` makes a row's view (the recipients screen's, or the workspace's certificate row); a
 * parent is that view of an empty row named after its cohort.
 */
export const pageOfRowTree = <C extends RecipientRow, R extends ScreenRow>(
  rows: readonly R[],
  page: number,
  pageSize: number,
  toChild: (r: R) => C,
) => {
  const sorted = [...rows].sort(
    (a, b) =>
      a.cohortid.localeCompare(b.cohortid) || a.studentid.localeCompare(b.studentid, 'en', { numeric: true }),
  );
  const total = sorted.length;
  const index = clampPage(page, total, pageSize);
  const slice = sorted.slice(pageOffset(index, pageSize), pageOffset(index, pageSize) + pageSize);
  return treeOfPage(slice, total, index, pageSize, toChild);
};

/**
 * The tree of one page's rows, already in order, of `total` matching rows (pure). Rows are whole
 * items or what the screen reads of them (ScreenRow); a parent is the cohort's name on an
 * otherwise empty row.
 */
export const treeOfPage = <C extends RecipientRow, R extends ScreenRow>(
  slice: readonly R[],
  total: number,
  index: number,
  pageSize: number,
  toChild: (r: R) => C,
) => {
  const parents: TreeParent<C>[] = [];
  for (const r of slice) {
    let parent = parents.at(-1);
    if (!parent || parent.cohortid !== r.cohortid) {
      const blank: ScreenRow = {
        cohortid: r.cohortid,
        studentid: '',
        firstname: r.cohortid,
        middlename: '',
        lastname: '',
        email: '',
        secondemail: '',
        extra: {},
        status: '',
      };
      const made = {
        // Every row view (childRow, the workspace's certificateRowOf) gives an empty cell for what
        // a ScreenRow leaves out (no key, no certificate), so a parent needs no more than this.
        ...toChild(blank as R),
        id: itemId(r.cohortid),
        field10: '',
        is_child: 0,
        children: [],
      } as TreeParent<C>;
      parents.push(made);
      parent = made;
    }
    parent.children.push(toChild(r));
  }
  if (parents[0]) parents[0].pagecount = total;
  return {
    mockData: parents,
    cohortData: { total, page: index, pageSize, pages: pageCount(total, pageSize) },
  };
};

/** One page of the recipients screen's tree. */
export const pageOfTree = (rows: readonly ScreenRow[], page: number, pageSize: number): RecipientsData =>
  pageOfRowTree(rows, page, pageSize, childRow);

/**
 * The cohorts a listing covers (sorted) and each one's roster count, both read at once; a cohort
 * with rows from before the roster and search indexes is indexed first (`indexedNow` then).
 */
const listingCounts = async (orgId: string, q: ListRecipientsQuery) => {
  const [matching, read] = await Promise.all([
    cohortsMatching(orgId, q.cohort),
    readRosterCounts(orgId, q.certtype),
  ]);
  const cohorts = matching.sort((a, b) => a.localeCompare(b));
  const counted = await mapLimit(cohorts, 4, (c) => indexedCount(orgId, c, q.certtype, read));
  return { cohorts, counts: counted.map((c) => c.rows), indexedNow: counted.some((c) => c.indexed) };
};

/**
 * The recipients screen's page. Unfiltered, it reads the page's rows only (roster-pages.ts); a
 * search reads the rows it matches only (the search index), then filters them by status; a status
 * filter alone still reads the cohorts.
 */
export const listRecipients = async (orgId: string, q: ListRecipientsQuery): Promise<RecipientsData> => {
  if (q.status === 'all' && !q.search) {
    // The page after the one shown is read beside the listing's counts (it is the usual next read).
    const ahead = readAfterAnchor(orgId, q);
    const { cohorts, counts } = await listingCounts(orgId, q);
    const page = await rosterPage(orgId, cohorts, counts, q, ahead);
    return { ...treeOfPage(page.rows, page.total, page.index, q.pagesize, childRow), anchor: page.anchor };
  }
  if (q.search) {
    // Searched beside the counts; again if a cohort had rows from before the search index (indexed now, once).
    const early = searchRows(orgId, q.certtype, q.search);
    early.catch(() => undefined);
    const { cohorts, indexedNow } = await listingCounts(orgId, q);
    const found = indexedNow ? await searchRows(orgId, q.certtype, q.search) : await early;
    const listed = new Set(cohorts);
    const matching = found.filter((r) => listed.has(r.cohortid) && matchesStatusFilter(r, q.status));
    return pageOfTree(matching, q.page, q.pagesize);
  }
  const cohorts = (await cohortsMatching(orgId, q.cohort)).sort((a, b) => a.localeCompare(b));
  const rows = (await mapLimit(cohorts, 8, (c) => listCohortRows(orgId, c, q.certtype))).flat();
  const matching = rows.filter((r) => matchesStatusFilter(r, q.status) && matchesSearch(r, q.search));
  return pageOfTree(matching, q.page, q.pagesize);
};

/**
 * Up to this many rows named in one cohort are read by their keys (a job's chunk: 100); more are
 * read with the cohort, in one query.
 */
const ROWS_READ_BY_KEY = 300;

/** The rows a selection names: `cohort=student` items, and `cohort=` for all of a cohort's rows. */
export const resolveSelection = async (
  orgId: string,
  certtype: string,
  selectedItems: readonly string[],
): Promise<{ rows: RecipientItem[]; wholeCohorts: string[] }> => {
  const parsed = selectedItems.map(parseItemId);
  if (parsed.some((p) => !p)) throw badRequest(m.selectCorrectItems);
  const wholeCohorts = [...new Set(parsed.filter((p) => p!.studentid === '').map((p) => p!.cohortid))];
  const byCohort = new Map<string, Set<string>>();
  for (const p of parsed) {
    if (!p!.studentid || wholeCohorts.includes(p!.cohortid)) continue;
    (byCohort.get(p!.cohortid) ?? byCohort.set(p!.cohortid, new Set()).get(p!.cohortid)!).add(p!.studentid);
  }
  const rows: RecipientItem[] = [];
  const cohorts = [...new Set([...wholeCohorts, ...byCohort.keys()])];
  await mapLimit(cohorts, 8, async (c) => {
    const wanted = byCohort.get(c);
    if (!wholeCohorts.includes(c) && wanted!.size <= ROWS_READ_BY_KEY) {
      rows.push(...(await cohortRowsByIds(orgId, c, certtype, [...wanted!])));
      return;
    }
    const all = await listCohortRows(orgId, c, certtype);
    rows.push(...(wholeCohorts.includes(c) ? all : all.filter((r) => wanted!.has(r.studentid))));
  });
  return { rows, wholeCohorts };
};

/**
 * The rows a selection names when `rule` allows their statuses (a workspace action's verdict:
 * shared/src/workspace/rules.ts); else refused with the rule's message, before anything changes.
 */
export const allowedSelection = async (
  orgId: string,
  certtype: string,
  selectedItems: readonly string[],
  rule: (statuses: string[]) => Verdict,
) => {
  const selection = await resolveSelection(orgId, certtype, selectedItems);
  const verdict = rule(selection.rows.map((r) => r.status));
  if (!verdict.ok) throw badRequest(verdict.message);
  return selection;
};

// ——— edits ———

export const updateRecipient = async (orgId: string, req: UpdateRecipientRequest) => {
  const row = await getRecipient(orgId, req.selectedcoid, req.selectedCertType, req.selectedstdid);
  // The edit icon shows only for rows with a status (§2.1); a row without one is not editable.
  if (!row || !row.status) throw notFound(m.noSuchStudent);
  const ok = await updateRecipientItem(row, {
    email: req.newemail,
    firstname: req.firstname,
    middlename: req.middlename,
    lastname: req.lastname,
    ...(req.secondemailaddress !== undefined ? { secondemail: req.secondemailaddress } : {}),
    // A corrected address may be mailed again: the earlier bounce no longer stands.
    ...(row.bouncedAt && req.newemail !== row.email ? { bouncedAt: '', bounceReason: '' } : {}),
  });
  if (!ok) throw notFound(m.noSuchStudent);
};

/**
 * Deletes the selected rows (§8). Issued certificates are irreversible, so their rows are never
 * deleted: when the selection touches a cohort that has any, the caller must first confirm the
 * question "The cohort has Issued certificates, ..."; then only the other rows are deleted. A
 * cohort selected whole, with no row of any type left, is removed too.
 */
export const deleteRecipients = async (
  orgId: string,
  certtype: string,
  selectedItems: readonly string[],
  confirmed: boolean,
): Promise<{ deleted: number; kept: number }> => {
  const { rows, wholeCohorts } = await resolveSelection(orgId, certtype, selectedItems);
  if (!rows.length && !wholeCohorts.length) throw badRequest(m.selectCorrectItems);
  const touched = [...new Set(rows.map((r) => r.cohortid))];
  const issuedCohorts = await mapLimit(touched, 8, async (c) =>
    (await listCohortRows(orgId, c, certtype)).some((r) => isLockedStatus(r.status)),
  );
  if (issuedCohorts.some(Boolean) && !confirmed) throw new AppError('conflict', m.deleteIssuedConfirm);
  const deletable = rows.filter((r) => !isLockedStatus(r.status));
  const deleted = await mapLimit(deletable, 10, async (r) => {
    // Moved meanwhile (an issue request took it): kept.
    if (!(await deleteRecipientItem(r))) return false;
    if (r.oneTimeCode) {
      // The wallet could no longer introduce itself to a deleted row: its code goes too.
      await forgetOneTimeCode(r.oneTimeCode);
    }
    for (const key of [r.photoKey, r.documentKey]) if (key) await deleteObject('artefacts', key);
    return true;
  });
  for (const c of wholeCohorts) {
    if ((await getCohort(orgId, c)) && !(await cohortHasRows(orgId, c))) await deleteCohortItem(orgId, c);
  }
  const count = deleted.filter(Boolean).length;
  return { deleted: count, kept: rows.length - count };
};

/**
 * "Copy email as public key" (§2.1): recipients without a wallet are identified by their email;
 * the email becomes the row's public key and the row counts as 'PK received'. Issued rows are left alone.
 */
export const copyEmailAsKey = async (orgId: string, certtype: string, selectedItems: readonly string[]) => {
  const { rows } = await resolveSelection(orgId, certtype, selectedItems);
  const eligible = rows.filter((r) => !isLockedStatus(r.status));
  if (!eligible.length) throw badRequest(m.selectCorrectItems);
  // One query and transactions of 100 rows: 2,000 rows fit well inside the gateway's 29 s.
  const updated = await updateRecipientItems(eligible, (r) => ({
    publicKey: r.email,
    status: recipientStatus.pkReceived,
  }));
  return { updated };
};

/** The document embedded in the approval screen's Recipient Information: the PDF, else the photo. */
export const documentOf = async (orgId: string, cohortid: string, studentid: string, certtype: string) => {
  const row = await getRecipient(orgId, cohortid, certtype, studentid);
  if (!row) throw notFound(m.noSuchStudent);
  const pdf = row.documentKey ? await getObjectBytes('artefacts', row.documentKey) : undefined;
  if (pdf) {
    const content = `data:application/pdf;base64,${Buffer.from(pdf).toString('base64')}`;
    return { kind: 'pdf' as const, content, title: `${studentid}.pdf` };
  }
  const photo = row.photoKey ? await getObjectBytes('artefacts', row.photoKey) : undefined;
  if (!photo) throw notFound(m.noDocument);
  const type = row.photoContentType ?? 'image/png';
  const content = `data:${type};base64,${Buffer.from(photo).toString('base64')}`;
  return { kind: 'image' as const, content, title: `${studentid}.${type === 'image/png' ? 'png' : 'jpg'}` };
};

export const photoOf = async (orgId: string, cohortid: string, studentid: string, certtype: string) => {
  const row = await getRecipient(orgId, cohortid, certtype, studentid);
  if (!row) throw notFound(m.noSuchStudent);
  const bytes = row.photoKey ? await getObjectBytes('artefacts', row.photoKey) : undefined;
  if (!bytes) throw notFound(m.noPhoto);
  const type = row.photoContentType ?? 'image/png';
  return {
    photoContent: `data:${type};base64,${Buffer.from(bytes).toString('base64')}`,
    photoTitle: `${studentid}.${type === 'image/png' ? 'png' : 'jpg'}`,
  };
};
