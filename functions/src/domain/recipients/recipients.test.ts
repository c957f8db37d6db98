import { describe, expect, it } from 'vitest';
import { pageOfTree } from './recipients';
import type { RecipientItem } from './recipient-store';

const item = (cohortid: string, studentid: string, over: Partial<RecipientItem> = {}): RecipientItem => ({
  pk: `ORG#o#COH#${cohortid}`,
  sk: `CT#degree#R#${studentid}`,
  orgId: 'o',
  cohortid,
  certtype: 'degree',
  studentid,
  firstname: `F${studentid}`,
  middlename: '',
  lastname: '',
  email: `${studentid}@x.org`,
  secondemail: '',
  extra: {},
  status: 'Invite pending',
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('a page of the recipient tree', () => {
  const rows = [item('B', 'S2'), item('A', 'S10'), item('A', 'S9'), item('B', 'S1', { photoKey: 'k' })];

  it('sorts by cohort then student id (numbers in order) and groups children under parents', () => {
    const page = pageOfTree(rows, 0, 20);
    expect(page.mockData.map((p) => [p.id, p.children.map((c) => c.id)])).toEqual([
      ['A=', ['A=S9', 'A=S10']],
      ['B=', ['B=S1', 'B=S2']],
    ]);
    expect(page.mockData[0]).toMatchObject({ is_child: 0, status: '', pagecount: 4, field1: 'A' });
    expect(page.mockData[1]!.pagecount).toBeUndefined();
    expect(page.mockData[1]!.children[0]).toMatchObject({
      field10: 'Yes',
      is_child: 1,
      status: 'Invite pending',
    });
  });

  it('slices by offset and repeats the parent on the next page', () => {
    const page = pageOfTree(rows, 1, 3);
    expect(page.cohortData).toEqual({ total: 4, page: 1, pageSize: 3, pages: 2 });
    expect(page.mockData.map((p) => [p.id, p.children.map((c) => c.id)])).toEqual([['B=', ['B=S2']]]);
    expect(page.mockData[0]!.pagecount).toBe(4);
  });

  it('answers an empty tree for no rows', () => {
    expect(pageOfTree([], 3, 30)).toEqual({
      mockData: [],
      cohortData: { total: 0, page: 0, pageSize: 30, pages: 1 },
    });
  });
});
