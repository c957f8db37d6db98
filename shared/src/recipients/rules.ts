import { recipientMessages as m } from './messages';
import { isSafeText } from '../text';

/**
 * The rules of the recipients screen (spec: certificate-operations §2.1, §4, §5, §9) as pure
 * functions, used by the server and by the web client alike.
 */

// ——— statuses (§4) ———

export const recipientStatus = {
  invitePending: 'Invite pending',
  pkReceived: 'PK received',
  generated: 'generated',
  sentForReview: 'Sent for Review',
  hold: 'Hold',
} as const;

/** Filter options of the table (§4): value and label. */
export const statusFilters = [
  { value: 'all', label: 'All' },
  { value: 'Invite pending', label: 'Invite pending' },
  { value: 'generated', label: 'generated' },
  { value: 'PK received', label: 'PK received' },
  { value: 'With Photo', label: 'With Photo' },
  { value: 'Without Photo', label: 'Without Photo' },
] as const;
export type StatusFilter = (typeof statusFilters)[number]['value'];
export const statusFilterValues = statusFilters.map((f) => f.value) as [StatusFilter, ...StatusFilter[]];

/**
 * A row that carries an issued certificate: issuing is irreversible (§4), so such rows are never
 * deleted and never invited again. Issued statuses contain 'Certificate' (§4); held and revoked
 * certificates were issued too.
 */
export const isIssuedStatus = (status: string | undefined): boolean =>
  !!status && (/certificate/i.test(status) || status === recipientStatus.hold || /revoked/i.test(status));

/**
 * A row the recipients screen must leave alone: issued, or on its way to the chain (an issue request
 * took it — 'Issuing', or 'Scheduled' for later). Such rows are not deleted, re-keyed or invited.
 */
export const isLockedStatus = (status: string | undefined): boolean =>
  isIssuedStatus(status) || status === 'Issuing' || status === 'Scheduled';

export const matchesStatusFilter = (
  row: { status?: string; photoKey?: string },
  filter: StatusFilter,
): boolean => {
  switch (filter) {
    case 'all':
      return true;
    case 'With Photo':
      return !!row.photoKey;
    case 'Without Photo':
      return !row.photoKey;
    default:
      return row.status === filter;
  }
};

// ——— search ———

/**
 * How the recipients search compares text: accents folded, lower case. A row matches when its
 * first name, last name, email or student id begins with the folded search (the server answers it
 * from an index of these four keys, so the search reads the matching rows only).
 */
export const searchFold = (s: string): string =>
  s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

export const matchesSearch = (
  r: { firstname?: string; lastname?: string; email?: string; studentid?: string },
  search: string,
): boolean => {
  const needle = searchFold(search);
  if (!needle) return true;
  return [r.firstname, r.lastname, r.email, r.studentid].some((v) => !!v && searchFold(v).startsWith(needle));
};

// ——— paging (§9) ———

export const PAGE_SIZES = [20, 30, 50, 100, 150, 200, 250] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 30;

/** Spec §9: the page count is the first row's pagecount (the number of matching rows) over the page size. */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));
/** Spec §9: the offset is the page index times the page size. */
export const pageOffset = (pageIndex: number, pageSize: number): number => pageIndex * pageSize;
/** The page index to show: a page past the end (after a delete or a filter change) falls back to the last one. */
export const clampPage = (pageIndex: number, total: number, pageSize: number): number =>
  Math.min(Math.max(0, Math.floor(pageIndex)), pageCount(total, pageSize) - 1);

// ——— cohorts (§3, §9) ———

export const COHORT_ID_RE = /^[A-Za-z0-9_.][A-Za-z0-9 _.-]{0,99}$/;
export const validCohortId = (id: string): boolean => COHORT_ID_RE.test(id) && id.trim() === id;

/** Multi-part cohort keys are dash-joined (§9): "2024-CS-A" has the parts 2024, CS and A. */
export const cohortParts = (id: string): string[] => id.split('-');

export interface CohortOption {
  label: string;
  value: string;
  /** The parts chosen in the dropdowns before this one, dash-joined ('' for the first dropdown). */
  parent: string;
}

/**
 * Cohort search mode (§3): 1 (several chained dropdowns) when any cohort has a multi-part key, else 0.
 * `dropdowns` maps a dropdown id (`cohort_0`, `cohort_1`, ...) to its options; an option of
 * dropdown n shows only when its `parent` equals the parts chosen in dropdowns 0..n-1.
 */
export const cohortDropdowns = (
  cohortIds: readonly string[],
): { mode: 0 | 1; dropdowns: Record<string, CohortOption[]> } => {
  const multi = cohortIds.some((id) => cohortParts(id).length > 1);
  if (!multi) return { mode: 0, dropdowns: {} };
  const dropdowns: Record<string, CohortOption[]> = {};
  const seen = new Set<string>();
  for (const id of [...cohortIds].sort()) {
    const parts = cohortParts(id);
    parts.forEach((part, i) => {
      const parent = parts.slice(0, i).join('-');
      const key = `${i}|${parent}|${part}`;
      if (seen.has(key)) return;
      seen.add(key);
      (dropdowns[`cohort_${i}`] ??= []).push({ label: part, value: part, parent });
    });
  }
  return { mode: 1, dropdowns };
};

// ——— selection (§2.1, §3) ———

/** A selected item id is `cohortid=studentid`; a parent (whole cohort) is `cohortid=`. */
export const itemId = (cohortid: string, studentid = '') => `${cohortid}=${studentid}`;

export const parseItemId = (id: string): { cohortid: string; studentid: string } | undefined => {
  const at = id.lastIndexOf('=');
  if (at <= 0) return undefined;
  return { cohortid: id.slice(0, at), studentid: id.slice(at + 1) };
};

/**
 * The tree's checkbox rules (§2.1): checking a parent checks all its children; unchecking a child
 * unchecks its parent (and checking the last unchecked child checks the parent).
 */
export const toggleSelection = (
  selected: ReadonlySet<string>,
  tree: readonly { id: string; children: readonly { id: string }[] }[],
  id: string,
  on: boolean,
): Set<string> => {
  const next = new Set(selected);
  const parent = tree.find((p) => p.id === id);
  if (parent) {
    for (const x of [parent, ...parent.children]) {
      if (on) next.add(x.id);
      else next.delete(x.id);
    }
    return next;
  }
  const owner = tree.find((p) => p.children.some((c) => c.id === id));
  if (on) next.add(id);
  else next.delete(id);
  if (owner) {
    if (owner.children.every((c) => next.has(c.id))) next.add(owner.id);
    else next.delete(owner.id);
  }
  return next;
};

// ——— uploads (§5, §9) ———

export type UploadPurpose = 'students' | 'photo';
/** What a file's bytes are (never its name). */
export type FileKind = 'xlsx' | 'zip' | 'pdf' | 'png' | 'jpeg';

export const uploadExtensions: Record<UploadPurpose, Record<string, FileKind>> = {
  students: { xlsx: 'xlsx', zip: 'zip', pdf: 'pdf' },
  photo: { png: 'png', jpg: 'jpeg', jpeg: 'jpeg' },
};

const MB = 1024 * 1024;
/** Size limits, per kind of file (compressed size for zips). */
export const uploadLimits: Record<FileKind, number> = {
  xlsx: 10 * MB,
  zip: 50 * MB,
  pdf: 10 * MB,
  png: 2 * MB,
  jpeg: 2 * MB,
};
export const MAX_SHEET_ROWS = 20_000;
/** Photos are decoded before they are accepted; width × height at most this (4096 × 4096). */
export const MAX_IMAGE_PIXELS = 4096 * 4096;
/** The layout's six columns plus room for extra fields; a cell beyond it refuses the sheet. */
export const MAX_SHEET_COLUMNS = 50;
/** Filled cells in all: 20,000 rows of the layout with a generous number of extra fields. */
export const MAX_SHEET_CELLS = 400_000;

export const extensionOf = (name: string): string => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
export const baseNameOf = (name: string): string => {
  const file = name.split(/[/\\]/).pop() ?? '';
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(0, dot) : file;
};

/**
 * The problem with a file name for an upload (§5), or undefined: a name is required, its extension
 * must fit the purpose, and it must not contain spaces.
 */
export const fileNameProblem = (purpose: UploadPurpose, name: string): string | undefined => {
  if (!name.trim()) return m.selectFile;
  const kind = uploadExtensions[purpose][extensionOf(name)];
  if (!kind) return m.wrongFileFormat;
  if (/\s/.test(name)) return purpose === 'photo' ? m.photoNameHasSpace : m.excelNameHasSpace;
  if (!/^[A-Za-z0-9._-]{1,200}$/.test(name)) return m.fileNameInvalid;
  return undefined;
};

/** What bytes are, from their magic numbers. Both xlsx and zip start as zips: the caller tells them apart by their entries. */
export const sniffKind = (bytes: Uint8Array): 'zip' | 'pdf' | 'png' | 'jpeg' | undefined => {
  const at = (i: number, ...b: number[]) => b.every((x, j) => bytes[i + j] === x);
  if (at(0, 0x50, 0x4b, 0x03, 0x04) || at(0, 0x50, 0x4b, 0x05, 0x06)) return 'zip';
  if (at(0, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  return undefined;
};

// ——— zip archives ———

export const zipLimits = {
  maxEntries: 1000,
  maxUnpackedBytes: 100 * MB,
  maxRatio: 100,
  /** Small entries compress far better than 100:1 legitimately (XML of a sheet); only big ones are judged alone. */
  ratioCheckedFromBytes: 1 * MB,
};

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  isDirectory: boolean;
  isSymlink: boolean;
  isEncrypted: boolean;
}

export const unsafeEntryName = (name: string): boolean =>
  name.startsWith('/') ||
  name.startsWith('\\') ||
  /^[A-Za-z]:/.test(name) ||
  name.split(/[/\\]/).some((seg) => seg === '..') ||
  name.includes('\0');

/**
 * The first reason to refuse a zip from its directory, or undefined: too many entries, too big
 * unpacked, compressed suspiciously well, an absolute path, `..` or a link. The sizes are the
 * declared ones; reading the entries enforces them again on the real bytes.
 */
export const zipProblem = (entries: readonly ZipEntryInfo[], archiveBytes: number): string | undefined => {
  if (entries.length > zipLimits.maxEntries) return m.zipTooManyEntries(zipLimits.maxEntries);
  for (const e of entries) {
    if (unsafeEntryName(e.name) || e.isSymlink) return m.zipUnsafePath(e.name);
  }
  const unpacked = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (unpacked > zipLimits.maxUnpackedBytes) return m.zipTooLargeUnpacked(zipLimits.maxUnpackedBytes / MB);
  const bomb = entries.some(
    (e) =>
      e.uncompressedSize >= zipLimits.ratioCheckedFromBytes &&
      e.uncompressedSize > zipLimits.maxRatio * Math.max(1, e.compressedSize),
  );
  if (
    bomb ||
    (unpacked >= zipLimits.ratioCheckedFromBytes && unpacked > zipLimits.maxRatio * Math.max(1, archiveBytes))
  )
    return m.zipCompressionRatio(zipLimits.maxRatio);
  for (const e of entries) if (e.isEncrypted) return m.zipEncrypted(e.name);
  return undefined;
};

/** Entries that zip tools add and that carry no content: skipped, not refused. */
export const ignorableEntry = (name: string): boolean =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || (name.split('/').pop() ?? '').startsWith('.');

// ——— the student sheet ———

/**
 * The sheet layout (the sample sheet shows it): the first row names the columns, in any order,
 * matched without regard to case, spaces or underscores. Any other column is an extra field, kept
 * under its header. Empty rows are skipped.
 */
export const sheetColumns = [
  { key: 'firstname', header: 'First Name', required: true, aliases: ['firstname', 'field1'] },
  { key: 'middlename', header: 'Middle Name', required: false, aliases: ['middlename', 'field2'] },
  { key: 'lastname', header: 'Last Name', required: false, aliases: ['lastname', 'field3'] },
  { key: 'email', header: 'Email', required: true, aliases: ['email', 'emailaddress', 'field4'] },
  {
    key: 'secondemail',
    header: 'Second Email',
    required: false,
    aliases: ['secondemail', 'secondemailaddress'],
  },
  { key: 'studentid', header: 'Student ID', required: true, aliases: ['studentid', 'id'] },
] as const;
export type SheetColumnKey = (typeof sheetColumns)[number]['key'];

export interface StudentRow {
  /** The row's number in the sheet (the header is row 1). */
  row: number;
  studentid: string;
  firstname: string;
  middlename: string;
  lastname: string;
  email: string;
  secondemail: string;
  extra: Record<string, string>;
}

export interface RowProblem {
  row: number;
  reason: string;
}

const normaliseHeader = (h: string) => h.toLowerCase().replace(/[\s_]+/g, '');
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const STUDENT_ID_RE = /^[A-Za-z0-9._-]{1,64}$/;
const MAX_NAME = 100;
const MAX_EXTRA = 500;

/**
 * Reads the sheet's cells (header first, then one array per row with its sheet row number) into
 * student rows. Policy: a sheet with any bad row is refused whole, and every bad row is reported
 * with its number and reason — so an upload is either imported completely or not at all.
 */
export const readStudentSheet = (
  header: readonly string[],
  rows: readonly { row: number; cells: readonly string[] }[],
): { ok: true; students: StudentRow[] } | { ok: false; message: string; problems: RowProblem[] } => {
  const columnOf = new Map<SheetColumnKey, number>();
  const extras: { index: number; name: string }[] = [];
  header.forEach((raw, index) => {
    const name = raw.trim();
    if (!name) return;
    const col = sheetColumns.find((c) => (c.aliases as readonly string[]).includes(normaliseHeader(name)));
    if (col && !columnOf.has(col.key)) columnOf.set(col.key, index);
    else extras.push({ index, name });
  });
  const missing = sheetColumns.filter((c) => c.required && !columnOf.has(c.key)).map((c) => c.header);
  if (missing.length) return { ok: false, message: m.sheetMissingColumns(missing), problems: [] };

  const filled = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (!filled.length) return { ok: false, message: m.sheetNoRows, problems: [] };
  if (filled.length > MAX_SHEET_ROWS)
    return { ok: false, message: m.sheetTooManyRows(MAX_SHEET_ROWS), problems: [] };

  const problems: RowProblem[] = [];
  const students: StudentRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, cells } of filled) {
    const cell = (key: SheetColumnKey) => {
      const i = columnOf.get(key);
      return i === undefined ? '' : (cells[i] ?? '').trim();
    };
    const s: StudentRow = {
      row,
      studentid: cell('studentid'),
      firstname: cell('firstname'),
      middlename: cell('middlename'),
      lastname: cell('lastname'),
      email: cell('email').toLowerCase(),
      secondemail: cell('secondemail').toLowerCase(),
      extra: Object.fromEntries(extras.map((e) => [e.name, (cells[e.index] ?? '').trim()])),
    };
    const reasons: string[] = [];
    if (!s.studentid) reasons.push(m.rowStudentIdMissing);
    else if (!STUDENT_ID_RE.test(s.studentid)) reasons.push(m.rowStudentIdInvalid);
    else if (firstRowOf.has(s.studentid)) reasons.push(m.rowStudentIdDuplicate(firstRowOf.get(s.studentid)!));
    else firstRowOf.set(s.studentid, row);
    if (!s.firstname) reasons.push(m.rowFirstNameMissing);
    for (const [key, label] of [
      ['firstname', 'First Name'],
      ['middlename', 'Middle Name'],
      ['lastname', 'Last Name'],
    ] as const)
      if (s[key].length > MAX_NAME) reasons.push(m.rowNameTooLong(label));
      else if (!isSafeText(s[key])) reasons.push(m.rowNameUnsafe(label));
    if (!s.email) reasons.push(m.rowEmailMissing);
    else if (!EMAIL_RE.test(s.email)) reasons.push(m.rowEmailInvalid);
    if (s.secondemail && !EMAIL_RE.test(s.secondemail)) reasons.push(m.rowSecondEmailInvalid);
    for (const e of extras)
      if ((s.extra[e.name] ?? '').length > MAX_EXTRA) reasons.push(m.rowExtraTooLong(e.name));
    if (reasons.length) problems.push({ row, reason: reasons.join('; ') });
    else students.push(s);
  }
  if (problems.length) return { ok: false, message: m.sheetBadRows(problems.length), problems };
  return { ok: true, students };
};

/** The sample sheet's rows (header first), also served as a downloadable .xlsx. */
export const sampleSheetRows: string[][] = [
  ['First Name', 'Middle Name', 'Last Name', 'Email', 'Second Email', 'Student ID', 'Course', 'Year'],
  ['Marie', 'Salomea', 'Curie', 'marie@example.org', 'm.curie@example.net', 'S1001', 'Physics', '2024'],
  ['Alan', 'Mathison', 'Turing', 'alan@example.org', '', 'S1002', 'Mathematics', '2024'],
];

// ——— the invitation's wallet link (the mail itself: shared/src/mail-templates/) ———

/** STANDARDS.md "Blockcerts Wallet introduction": the deep link of an invitation. */
export const walletIntroductionLink = (introductionUrl: string, oneTimeCode: string) =>
  `https://wallet.blockcerts.org/#/introduce-recipient/${encodeURIComponent(introductionUrl)}/${encodeURIComponent(oneTimeCode)}`;

// ——— programme import (§2.2, §9) ———

export const SEMESTERS = Array.from({ length: 10 }, (_, i) => i + 1);
export const YEARS = Array.from({ length: 6 }, (_, i) => i + 1);
