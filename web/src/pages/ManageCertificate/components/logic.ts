import type { CertificateParentRow, CertificateRow, RunKind, RunView } from '@proofmark/shared/api/workspace';
import { downloadTypes, workspaceStatusFilters } from '@proofmark/shared/api/workspace';
import { certificateTypeValues, DEFAULT_CERTIFICATE_TYPE } from '@proofmark/shared/certificate-types';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@proofmark/shared/recipients/rules';
import { recipientMessages as rm } from '@proofmark/shared/recipients/messages';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { certificateStatus } from '@proofmark/shared/workspace/rules';
import type { WorkspaceStatusFilter } from '../../../api/workspace';
import { oneOf, parseStoredRecord } from '../../../storedChoices';

/**
 * The workspace screen's own pure logic (the rules shared with the server live in
 * @proofmark/shared/workspace/rules): the tables' view of the tree, what a selection names, runs'
 * progress, and the choices remembered between visits.
 */

// ——— the tree table ———

/** A row as the tables show it: cohort rows carry children, recipient rows none (so no expand icon). */
export type CertTableRow = Omit<CertificateRow, 'children' | 'is_child' | 'field10'> & {
  is_child: 0 | 1;
  field10: 'Yes' | 'No' | '';
  children?: CertTableRow[];
};

export function certTableRows(tree: readonly CertificateParentRow[]): CertTableRow[] {
  return tree.map(({ children, pagecount: _pagecount, ...parent }) => ({
    ...parent,
    children: children.map(({ children: _none, ...row }) => row),
  }));
}

/** The recipient rows of the page that are checked (a checked cohort checks its rows on the page too). */
export function selectedRows(rows: readonly CertTableRow[], selected: ReadonlySet<string>): CertTableRow[] {
  return rows.flatMap((p) => (p.children ?? []).filter((c) => selected.has(c.id)));
}

/** The statuses the shared rules judge a selection by. */
export const statusesOf = (rows: readonly CertTableRow[]): string[] => rows.map((r) => r.status);

/** Rows a whole-cohort issue takes (§7): generated or sent for review. */
export const issuableStatuses = (statuses: readonly string[]): string[] =>
  statuses.filter((s) => s === certificateStatus.generated || s === certificateStatus.sentForReview);

/**
 * The ids an action sends: the checked recipient rows of the tab. A checked cohort row stands for
 * its rows on this page, never for `cohort=`: on the server that names every row of the cohort,
 * those of the other tab too, which the action would then refuse.
 */
export const childItems = (selected: ReadonlySet<string>): string[] =>
  [...selected].filter((id) => !id.endsWith('='));

/**
 * The cohort a selection issues as a whole (§7 selectedCohort: its generated and reviewed rows):
 * exactly one cohort row is checked and every checked recipient belongs to it.
 */
export function wholeCohortOf(selected: ReadonlySet<string>): string | undefined {
  const parents = [...selected].filter((id) => id.endsWith('='));
  if (parents.length !== 1) return undefined;
  const prefix = parents[0]!;
  return childItems(selected).every((id) => id.startsWith(prefix)) ? prefix.slice(0, -1) : undefined;
}

/**
 * The cohorts "Validate for Cohort" acts on: the checked cohort rows, or else the cohort the list
 * is filtered to (a full cohort id, not a prefix of chained dropdowns).
 */
export function cohortsToValidate(
  selected: ReadonlySet<string>,
  filterCohort: string,
  knownCohorts: readonly string[],
): string[] {
  const checked = [...selected].filter((id) => id.endsWith('=')).map((id) => id.slice(0, -1));
  if (checked.length > 0) return checked;
  return knownCohorts.includes(filterCohort) ? [filterCohort] : [];
}

/** The recipient's name as on the recipients screen. */
export { fullName } from '../../ManageStudents/components/logic';

// ——— runs (long work) ———

export const isFinished = (run: Pick<RunView, 'state'>): boolean =>
  run.state === 'done' || run.state === 'failed';

export const runPercent = (run: Pick<RunView, 'done' | 'failed' | 'total' | 'state'>): number => {
  if (run.state === 'done') return 100;
  if (run.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round(((run.done + run.failed) / run.total) * 100)));
};

/** §4: how long each kind of work may take, said while it runs. */
export const runWaitText: Record<RunKind, string> = {
  generate: m.generating,
  bake: m.baking,
  issue: m.issuing,
  send: m.sending,
  download: m.preparingDownload,
  invite: rm.pleaseWait,
};

export const runTitle: Record<RunKind, string> = {
  generate: 'Generating certificates',
  bake: 'Baking OpenBadges',
  issue: 'Issuing certificates',
  send: 'Sending certificates',
  download: 'Preparing the download',
  invite: 'Sending invitations',
};

const doneVerb: Record<RunKind, string> = {
  generate: 'generated',
  bake: 'baked',
  issue: 'issued',
  send: 'sent',
  download: 'packed for download',
  invite: 'sent',
};

const doneNoun: Partial<Record<RunKind, string>> = { bake: 'badges', invite: 'invitations' };

/** What a finished run did: "2 of 2 certificates generated.", and how many failed. */
export function runDoneText(run: Pick<RunView, 'kind' | 'done' | 'failed' | 'total'>): string {
  const noun = doneNoun[run.kind] ?? 'certificates';
  const text = `${run.done} of ${run.total} ${noun} ${doneVerb[run.kind]}.`;
  return run.failed > 0 ? `${text} ${run.failed} failed.` : text;
}

// ——— scheduled issuance ———

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/** The scheduled time's problem, if any: it must lie ahead, and at most a year ahead. */
export function scheduleProblem(at: Date, now = new Date()): string | undefined {
  if (at.getTime() <= now.getTime()) return m.scheduleInPast;
  if (at.getTime() - now.getTime() > YEAR_MS) return m.scheduleTooFar;
  return undefined;
}

// ——— the certificate preview ———

/**
 * The certificate's HTML for a sandboxed iframe (no scripts, no same-origin access): a whole
 * document is shown as it is; a fragment gets a page around it, with links opening a new tab.
 */
export const certificateDocument = (html: string): string =>
  /^\s*(<!doctype|<html)/i.test(html)
    ? html
    : `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body style="margin:0">${html}</body></html>`;

// ——— remembered choices (§9) ———

export interface WorkspaceChoices {
  certtype: CertificateType;
  cohort: string;
  status: WorkspaceStatusFilter;
  pageSize: number;
  tab: 'inprogress' | 'issued';
  /** Paging per tab (§9 keeps page offsets). */
  page: number;
  pageIssued: number;
  downloadType: (typeof downloadTypes)[number];
}

export const defaultWorkspaceChoices: WorkspaceChoices = {
  certtype: DEFAULT_CERTIFICATE_TYPE,
  cohort: '',
  status: 'all',
  pageSize: DEFAULT_PAGE_SIZE,
  tab: 'inprogress',
  page: 0,
  pageIssued: 0,
  downloadType: 'individual',
};

const pageIndex = (x: unknown): number =>
  typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < 100_000 ? x : 0;

/** Choices read back from storage; anything missing or no longer valid falls back to its default. */
export function parseWorkspaceChoices(raw: string | null): WorkspaceChoices {
  const v = parseStoredRecord(raw);
  const d = defaultWorkspaceChoices;
  return {
    certtype: oneOf(v.certtype, certificateTypeValues, d.certtype),
    cohort: typeof v.cohort === 'string' && v.cohort.length <= 100 ? v.cohort : '',
    status: oneOf(v.status, workspaceStatusFilters, d.status),
    pageSize: oneOf(v.pageSize, PAGE_SIZES as readonly number[], d.pageSize),
    tab: oneOf(v.tab, ['inprogress', 'issued'] as const, d.tab),
    page: pageIndex(v.page),
    pageIssued: pageIndex(v.pageIssued),
    downloadType: oneOf(v.downloadType, downloadTypes, d.downloadType),
  };
}

/** How long a run that finished cleanly is still shown to a page opened after it (a reload during the run). */
export const CLEAN_RUN_SHOWN_MS = 5 * 60_000;
/** Dismissed run ids remembered per organisation (the newest ones; older runs leave the server's list anyway). */
export const DISMISSED_RUNS_KEPT = 200;

/**
 * Which of the server's runs (active and recently finished, newest first) a freshly opened page
 * shows: unfinished ones, finished ones with failures until dismissed, and ones that finished
 * cleanly moments ago (the reload raced the end of the run).
 */
export const runsToRestore = (
  runs: RunView[],
  dismissed: ReadonlySet<string>,
  now: number = Date.now(),
): RunView[] =>
  runs.filter((r) => {
    if (dismissed.has(r.id)) return false;
    if (!isFinished(r)) return true;
    if (r.state === 'failed' || r.failed > 0) return true;
    return now - Date.parse(r.updatedAt) < CLEAN_RUN_SHOWN_MS;
  });

/** The stored list of dismissed run ids, read back leniently (anything else is no list). */
export const parseDismissedRuns = (raw: string | null): string[] => {
  try {
    const value: unknown = raw === null ? [] : JSON.parse(raw);
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export const withDismissedRun = (ids: string[], id: string): string[] =>
  [id, ...ids.filter((x) => x !== id)].slice(0, DISMISSED_RUNS_KEPT);
