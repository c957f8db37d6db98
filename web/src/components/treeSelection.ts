import { createElement, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TableProps } from 'antd';
import { toggleSelection } from '@proofmark/shared/recipients/rules';

/**
 * The tree tables' shared behaviour (recipients §2.1, workspace tabs §2.5, approvals §2.6): a
 * cohort row with its recipients as children, expanded by default; checking a cohort checks its
 * recipients, unchecking a recipient unchecks its cohort (shared toggleSelection); the header
 * checkbox toggles every row on the page.
 */

export interface TreeNode {
  id: string;
  children?: readonly { id: string }[];
}

interface TreeSelectionOptions<Row extends TreeNode> {
  rows: readonly Row[];
  selected: ReadonlySet<string>;
  onSelected: (next: Set<string>) => void;
  /** The accessible name of a row's checkbox ("Select cohort X", "Select Ada Lovelace"). */
  label: (row: Row) => string;
}

/** The ids of every row on the page, parents and children. */
export const pageIdsOf = (rows: readonly TreeNode[]): string[] =>
  rows.flatMap((p) => [p.id, ...(p.children ?? []).map((c) => c.id)]);

/**
 * The next selection after the header checkbox: everything on the page off when it was all on
 * (or antd says 'none'), otherwise everything on. Rows of other pages keep their state.
 */
export function toggleAll(
  selected: ReadonlySet<string>,
  pageIds: readonly string[],
  type: string,
): Set<string> {
  const allOn = pageIds.every((id) => selected.has(id));
  const next = new Set(selected);
  for (const id of pageIds) {
    if (allOn || type === 'none') next.delete(id);
    else next.add(id);
  }
  return next;
}

/**
 * With a horizontal scroll (`scroll.x`) antd copies every column title, the header checkbox too,
 * into a hidden row it measures column widths with (`aria-hidden`). That copy must not be reachable
 * by keyboard (WCAG: nothing focusable inside aria-hidden), so there it is made inert.
 */
function HeaderCheckbox({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el?.closest('[aria-hidden="true"]')) el.inert = true;
  });
  return createElement('span', { ref }, children);
}

/** antd `rowSelection` for a tree of cohorts and recipients. */
export function treeRowSelection<Row extends TreeNode>({
  rows,
  selected,
  onSelected,
  label,
}: TreeSelectionOptions<Row>): NonNullable<TableProps<Row>['rowSelection']> {
  const pageIds = pageIdsOf(rows);
  const tree = rows.map((p) => ({ id: p.id, children: p.children ?? [] }));
  return {
    checkStrictly: true,
    selectedRowKeys: pageIds.filter((id) => selected.has(id)),
    onSelect: (row, checked) => onSelected(toggleSelection(selected, tree, row.id, checked)),
    onChange: (_keys, _rows, info) => {
      if (info.type !== 'all' && info.type !== 'none') return;
      onSelected(toggleAll(selected, pageIds, info.type));
    },
    getCheckboxProps: (row) => ({ 'aria-label': label(row) }),
    columnTitle: (checkbox) => createElement(HeaderCheckbox, null, checkbox),
  };
}

/** antd `expandable` that keeps every cohort expanded unless the user folds it. */
export function useExpandedTree<Row extends TreeNode>(
  rows: readonly Row[],
): NonNullable<TableProps<Row>['expandable']> {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const expandedRowKeys = useMemo(
    () => rows.filter((p) => !collapsed.has(p.id)).map((p) => p.id),
    [rows, collapsed],
  );
  return {
    expandedRowKeys,
    onExpand: (expanded, row) => {
      const next = new Set(collapsed);
      if (expanded) next.delete(row.id);
      else next.add(row.id);
      setCollapsed(next);
    },
  };
}
