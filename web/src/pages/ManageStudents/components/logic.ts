import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import {
  extensionOf,
  fileNameProblem,
  uploadExtensions,
  uploadLimits,
  validCohortId,
} from '@proofmark/shared/recipients/rules';
import type { CohortOption, UploadPurpose } from '@proofmark/shared/recipients/rules';
import type { CohortRow, RecipientRow } from '@proofmark/shared/api/recipients';
import { certificateTypeValues, DEFAULT_CERTIFICATE_TYPE } from '@proofmark/shared/certificate-types';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, statusFilterValues } from '@proofmark/shared/recipients/rules';
import type { StatusFilter } from '@proofmark/shared/recipients/rules';
import { oneOf, parseStoredRecord } from '../../../storedChoices';

/**
 * The recipients screen's own pure logic (the rules shared with the server live in
 * @proofmark/shared/recipients/rules): client-side upload checks, the chained cohort dropdowns,
 * the pager, and the table's view of the tree.
 */

// ——— uploads (§5) ———

export interface UploadCandidate {
  name: string;
  size: number;
}

/**
 * The first §5 problem with an upload, checked before anything is sent: a file is chosen, its
 * name has an allowed extension and no spaces, it is not over the size limit, and a cohort is
 * selected or typed (a new one for a sheet).
 */
export function uploadProblem(
  purpose: UploadPurpose,
  file: UploadCandidate | undefined,
  cohort: string,
): string | undefined {
  if (file === undefined) return m.selectFile;
  const nameProblem = fileNameProblem(purpose, file.name);
  if (nameProblem !== undefined) return nameProblem;
  const kind = uploadExtensions[purpose][extensionOf(file.name)];
  if (kind !== undefined && file.size > uploadLimits[kind])
    return m.fileTooLarge(uploadLimits[kind] / (1024 * 1024));
  if (file.size === 0) return m.fileEmpty;
  const trimmed = cohort.trim();
  if (trimmed === '') return m.noSelectedCohort;
  if (!validCohortId(trimmed)) return m.cohortIdInvalid;
  return undefined;
}

/** The `accept` attribute of a file input for a purpose: `.xlsx,.zip,.pdf` or `.png,.jpg,.jpeg`. */
export const acceptOf = (purpose: UploadPurpose): string =>
  Object.keys(uploadExtensions[purpose])
    .map((ext) => `.${ext}`)
    .join(',');

/** Per-cent of an import job, for its progress bar. */
export const jobPercent = (done: number, total: number): number =>
  total <= 0 ? 0 : Math.min(100, Math.max(0, Math.round((done / total) * 100)));

// ——— chained cohort dropdowns (§2.1 cohort search mode 1) ———

/** The options of dropdown `level`, given the parts chosen in the dropdowns before it. */
export function dropdownOptions(
  dropdowns: Record<string, readonly CohortOption[]>,
  chosen: readonly string[],
  level: number,
): CohortOption[] {
  const parent = chosen.slice(0, level).join('-');
  return (dropdowns[`cohort_${level}`] ?? []).filter((o) => o.parent === parent);
}

/**
 * The parts after choosing `value` in dropdown `level`: later choices are dropped, because their
 * options depend on this one. Clearing (undefined) drops this level too.
 */
export function chooseLevel(chosen: readonly string[], level: number, value: string | undefined): string[] {
  const kept = chosen.slice(0, level);
  return value === undefined || value === '' ? kept : [...kept, value];
}

/** How many dropdowns to show: the chosen ones, plus one more while it has options. */
export function visibleLevels(
  dropdowns: Record<string, readonly CohortOption[]>,
  chosen: readonly string[],
): number {
  let levels = 1;
  while (levels <= chosen.length && dropdownOptions(dropdowns, chosen, levels).length > 0) levels += 1;
  return levels;
}

// ——— the pager (§9: 2 margin pages, 3 in range) ———

export type PagerItem = number | 'gap-before' | 'gap-after';

/**
 * The pages a pager shows (0-based), react-paginate style: `margin` pages at each end, `range`
 * pages around the current one, and a gap marker where pages are left out.
 */
export function pagerItems(current: number, pages: number, margin = 2, range = 3): PagerItem[] {
  if (pages <= 0) return [];
  if (pages <= margin * 2 + range) return Array.from({ length: pages }, (_, i) => i);
  let start = current - Math.floor(range / 2);
  let end = start + range - 1;
  if (start < 0) {
    start = 0;
    end = range - 1;
  }
  if (end > pages - 1) {
    end = pages - 1;
    start = pages - range;
  }
  const shown = new Set<number>();
  for (let i = 0; i < margin; i += 1) shown.add(i);
  for (let i = start; i <= end; i += 1) shown.add(i);
  for (let i = pages - margin; i < pages; i += 1) shown.add(i);
  const sorted = [...shown].filter((i) => i >= 0 && i < pages).sort((a, b) => a - b);
  const items: PagerItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1)
      items.push(page <= current ? 'gap-before' : 'gap-after');
    items.push(page);
  });
  return items;
}

// ——— the tree table ———

/** A row as the table shows it: cohort rows carry children, recipient rows carry none (so no expand icon). */
export type TableRow = Omit<CohortRow, 'children' | 'is_child' | 'field10' | 'pagecount'> & {
  is_child: 0 | 1;
  field10: 'Yes' | 'No' | '';
  /** Recipients of the cohort on this page (parents only). */
  children?: TableRow[];
};

export function tableRows(tree: readonly CohortRow[]): TableRow[] {
  return tree.map(({ children, pagecount: _pagecount, ...parent }) => ({
    ...parent,
    children: children.map(childRow),
  }));
}

function childRow({ children: _children, ...row }: RecipientRow): TableRow {
  return row;
}

/** The total of matching rows: the first row's pagecount (§9). */
export const totalOf = (tree: readonly CohortRow[]): number => tree[0]?.pagecount ?? 0;

export const fullName = (row: Pick<RecipientRow, 'field1' | 'field2' | 'field3'>): string =>
  [row.field1, row.field2, row.field3].filter((part) => part.trim() !== '').join(' ');

/**
 * The ids to send for a selection: a checked cohort row (`cohort=`) stands for all its recipients,
 * so its children are left out; other ids are sent as they are.
 */
export function selectedItems(selected: ReadonlySet<string>): string[] {
  const wholeCohorts = [...selected].filter((id) => id.endsWith('='));
  return [...selected].filter(
    (id) => id.endsWith('=') || !wholeCohorts.some((cohort) => id.startsWith(cohort)),
  );
}

/**
 * Whether a selection counts as "large" for sending invitations: the server sends a few during the
 * call and gives the rest to a job, so the user is told to wait a few minutes. A whole cohort
 * (`cohort=`) counts with its number of recipients from the cohort list.
 */
export function isLargeSend(
  items: readonly string[],
  cohortCounts: Readonly<Record<string, number>>,
  inline: number,
): boolean {
  let count = 0;
  for (const id of items) {
    count += id.endsWith('=') ? (cohortCounts[id.slice(0, -1)] ?? inline + 1) : 1;
  }
  return count > inline;
}

// ——— the invitation preview ———

/**
 * The mail's HTML, for a sandboxed iframe: no scripts, no same-origin access, and links open in
 * a new tab (a base target) instead of navigating the frame.
 */
export const previewDocument = (html: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body style="margin:16px">${html}</body></html>`;

// ——— remembered choices (§9: local storage keeps cohort, type, status and paging choices) ———

export interface ScreenChoices {
  certtype: CertificateType;
  cohort: string;
  status: StatusFilter;
  pageSize: number;
}

export const defaultChoices: ScreenChoices = {
  certtype: DEFAULT_CERTIFICATE_TYPE,
  cohort: '',
  status: 'all',
  pageSize: DEFAULT_PAGE_SIZE,
};

/** Choices read back from storage; anything missing or no longer valid falls back to its default. */
export function parseChoices(raw: string | null): ScreenChoices {
  const v = parseStoredRecord(raw);
  return {
    certtype: oneOf(v.certtype, certificateTypeValues, defaultChoices.certtype),
    cohort: typeof v.cohort === 'string' && v.cohort.length <= 100 ? v.cohort : '',
    status: oneOf(v.status, statusFilterValues, defaultChoices.status),
    pageSize: oneOf(v.pageSize, PAGE_SIZES as readonly number[], defaultChoices.pageSize),
  };
}
