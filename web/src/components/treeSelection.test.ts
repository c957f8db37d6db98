import { describe, expect, it } from 'vitest';
import { pageIdsOf, toggleAll } from './treeSelection';

const rows = [
  { id: 'A=', children: [{ id: 'A=1' }, { id: 'A=2' }] },
  { id: 'B=', children: [] },
];

describe('the tree tables’ header checkbox', () => {
  it('lists every row of the page, parents and children', () => {
    expect(pageIdsOf(rows)).toEqual(['A=', 'A=1', 'A=2', 'B=']);
  });

  it('checks the whole page, or unchecks it when it was all checked, keeping other pages', () => {
    const ids = pageIdsOf(rows);
    expect([...toggleAll(new Set(['X=9', 'A=1']), ids, 'all')].sort()).toEqual([
      'A=',
      'A=1',
      'A=2',
      'B=',
      'X=9',
    ]);
    expect([...toggleAll(new Set([...ids, 'X=9']), ids, 'all')]).toEqual(['X=9']);
    expect([...toggleAll(new Set(['A=1']), ids, 'none')]).toEqual([]);
  });
});
