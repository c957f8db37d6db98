import type { CohortRow, RecipientRow } from '@proofmark/shared/contract/recipients';

/* The recipients table's view of the tree, and what a selection names. */

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
