import { Empty, Table } from 'antd';
import type { TableProps } from 'antd';
import { treeRowSelection, useExpandedTree } from './treeSelection';
import type { TreeNode } from './treeSelection';

/** A cohort row (is_child 0) or one of its recipients. */
interface CohortTreeRow extends TreeNode {
  is_child: 0 | 1;
  cohortid: string;
}

interface TreeTableProps<Row extends CohortTreeRow> extends Pick<
  TableProps<Row>,
  'columns' | 'loading' | 'tableLayout' | 'rowClassName'
> {
  /** Names the table for assistive technology and tests. */
  'aria-label'?: string;
  rows: readonly Row[];
  selected: ReadonlySet<string>;
  onSelected: (next: Set<string>) => void;
  emptyText: string;
  /** A recipient's name, for its checkbox ("Select Ada Lovelace"). */
  nameOf: (row: Row) => string;
  /** The width below which the table scrolls sideways. */
  minWidth: number;
}

/**
 * The tree table of the recipient, workspace and approval screens: cohort rows (tinted) with their
 * recipients as children, expanded by default, with the shared tree selection (treeSelection.ts).
 */
export function TreeTable<Row extends CohortTreeRow>({
  rows,
  selected,
  onSelected,
  emptyText,
  nameOf,
  minWidth,
  ...table
}: TreeTableProps<Row>) {
  const expandable = useExpandedTree(rows);
  return (
    <Table<Row>
      {...table}
      rowKey="id"
      size="middle"
      dataSource={rows}
      pagination={false}
      scroll={{ x: minWidth }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      onRow={(row) => (row.is_child === 0 ? { style: { background: 'rgba(31, 78, 216, 0.035)' } } : {})}
      expandable={expandable}
      rowSelection={treeRowSelection({
        rows,
        selected,
        onSelected,
        label: (row) => (row.is_child === 0 ? `Select cohort ${row.cohortid}` : `Select ${nameOf(row)}`),
      })}
    />
  );
}
