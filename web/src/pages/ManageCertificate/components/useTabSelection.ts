import { useMemo } from 'react';
import { certTableRows, childItems, selectedRows, statusesOf } from './certificate-rows';
import type { TabProps } from './tab-props';

/**
 * What a workspace tab acts on: the checked recipients (`items`), their statuses for the shared
 * rules, and the selection the workspace API takes.
 */
export function useTabSelection({
  tree,
  selected,
  certtype,
}: Pick<TabProps, 'tree' | 'selected' | 'certtype'>) {
  const rows = useMemo(() => certTableRows(tree), [tree]);
  const items = childItems(selected);
  return {
    items,
    statuses: statusesOf(selectedRows(rows, selected)),
    sel: { selectedItems: items, certtype },
  };
}
