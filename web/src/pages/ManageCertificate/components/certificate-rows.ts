import type { CertificateParentRow, CertificateRow } from '@proofmark/shared/contract/workspace';
import { certificateStatus } from '@proofmark/shared/workspace/rules';

/*
 * The workspace tables' view of the tree and what a selection names (the rules shared with the
 * server live in @proofmark/shared/workspace/rules).
 */

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
export { fullName } from '../../ManageStudents/components/recipient-rows';
