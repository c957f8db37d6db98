import { describe, expect, it } from 'vitest';
import type { CohortRow, RecipientRow } from '@proofmark/shared/contract/recipients';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { cohortDropdowns } from '@proofmark/shared/recipients/rules';
import { acceptOf, jobPercent, uploadProblem } from './upload-checks';
import { chooseLevel, dropdownOptions, visibleLevels } from './cohort-dropdowns';
import { fullName, selectedItems, tableRows, totalOf } from './recipient-rows';
import { parseChoices, defaultChoices } from './screen-choices';
import { pagerItems } from './pager-items';
import { previewDocument } from './invitation-preview';

const file = (name: string, size = 1000) => ({ name, size });

describe('uploadProblem (§5)', () => {
  it('asks for a file first', () => {
    expect(uploadProblem('students', undefined, 'A')).toBe(m.selectFile);
  });

  it('checks the format per purpose', () => {
    expect(uploadProblem('students', file('list.csv'), 'A')).toBe(m.wrongFileFormat);
    expect(uploadProblem('students', file('photo.png'), 'A')).toBe(m.wrongFileFormat);
    expect(uploadProblem('photo', file('list.xlsx'), 'A')).toBe(m.wrongFileFormat);
    for (const name of ['a.xlsx', 'a.zip', 'a.pdf'])
      expect(uploadProblem('students', file(name), 'A')).toBeUndefined();
    for (const name of ['a.png', 'a.jpg', 'a.JPEG'])
      expect(uploadProblem('photo', file(name), 'A')).toBeUndefined();
  });

  it('refuses spaces in the name with the message of the kind of upload', () => {
    expect(uploadProblem('students', file('my list.xlsx'), 'A')).toBe(m.excelNameHasSpace);
    expect(uploadProblem('photo', file('S 1.png'), 'A')).toBe(m.photoNameHasSpace);
  });

  it('needs a cohort, selected or typed, and a valid one', () => {
    expect(uploadProblem('students', file('a.xlsx'), '  ')).toBe(m.noSelectedCohort);
    expect(uploadProblem('students', file('a.xlsx'), 'Class=1')).toBe(m.cohortIdInvalid);
    expect(uploadProblem('students', file('a.xlsx'), ' New 2026 ')).toBeUndefined();
  });

  it('refuses empty and too large files before sending them', () => {
    expect(uploadProblem('students', file('a.xlsx', 0), 'A')).toBe(m.fileEmpty);
    expect(uploadProblem('photo', file('a.png', 3 * 1024 * 1024), 'A')).toBe(m.fileTooLarge(2));
  });

  it('gives the accept list of the file input', () => {
    expect(acceptOf('students')).toBe('.xlsx,.zip,.pdf');
    expect(acceptOf('photo')).toBe('.png,.jpg,.jpeg');
  });

  it('turns job progress into a bounded per-cent', () => {
    expect(jobPercent(0, 0)).toBe(0);
    expect(jobPercent(50, 200)).toBe(25);
    expect(jobPercent(300, 200)).toBe(100);
  });
});

describe('chained cohort dropdowns', () => {
  const { dropdowns } = cohortDropdowns(['2024-CS-A', '2024-CS-B', '2024-EE-A', '2025-CS-A']);

  it('offers only the options that fit the parts chosen before', () => {
    expect(dropdownOptions(dropdowns, [], 0).map((o) => o.value)).toEqual(['2024', '2025']);
    expect(dropdownOptions(dropdowns, ['2024'], 1).map((o) => o.value)).toEqual(['CS', 'EE']);
    expect(dropdownOptions(dropdowns, ['2025'], 1).map((o) => o.value)).toEqual(['CS']);
    expect(dropdownOptions(dropdowns, ['2024', 'CS'], 2).map((o) => o.value)).toEqual(['A', 'B']);
  });

  it('drops later choices when an earlier one changes, and clears from a level', () => {
    expect(chooseLevel(['2024', 'CS', 'A'], 0, '2025')).toEqual(['2025']);
    expect(chooseLevel(['2024', 'CS', 'A'], 1, undefined)).toEqual(['2024']);
    expect(chooseLevel([], 0, '2024')).toEqual(['2024']);
  });

  it('shows one more dropdown while there is something to choose in it', () => {
    expect(visibleLevels(dropdowns, [])).toBe(1);
    expect(visibleLevels(dropdowns, ['2024'])).toBe(2);
    expect(visibleLevels(dropdowns, ['2024', 'CS'])).toBe(3);
    expect(visibleLevels(dropdowns, ['2024', 'CS', 'A'])).toBe(3);
  });
});

describe('pagerItems (§9: 2 margin pages, 3 in range)', () => {
  it('shows every page when there are few', () => {
    expect(pagerItems(0, 1)).toEqual([0]);
    expect(pagerItems(3, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pagerItems(0, 0)).toEqual([]);
  });

  it('keeps two pages at each end and three around the current one', () => {
    expect(pagerItems(10, 20)).toEqual([0, 1, 'gap-before', 9, 10, 11, 'gap-after', 18, 19]);
    expect(pagerItems(0, 20)).toEqual([0, 1, 2, 'gap-after', 18, 19]);
    expect(pagerItems(19, 20)).toEqual([0, 1, 'gap-before', 17, 18, 19]);
    expect(pagerItems(3, 20)).toEqual([0, 1, 2, 3, 4, 'gap-after', 18, 19]);
  });
});

const child = (cohortid: string, studentid: string, extra: Partial<RecipientRow> = {}): RecipientRow => ({
  id: `${cohortid}=${studentid}`,
  cohortid,
  studentid,
  field1: 'Marie',
  field2: '',
  field3: 'Curie',
  field4: 'marie@example.org',
  field5: '',
  field6: '',
  field7: '',
  field10: 'No',
  field11: '',
  status: '',
  secondemailaddress: '',
  extrafields: {},
  is_child: 1,
  children: [],
  ...extra,
});

const parent = (cohortid: string, children: RecipientRow[], pagecount?: number): CohortRow => ({
  ...child(cohortid, ''),
  id: `${cohortid}=`,
  field10: '',
  is_child: 0,
  children,
  ...(pagecount === undefined ? {} : { pagecount }),
});

describe('the tree', () => {
  const tree = [parent('A', [child('A', 'S1'), child('A', 'S2')], 3), parent('B', [child('B', 'S3')])];

  it('gives recipient rows no children (no expand icon) and keeps cohort rows', () => {
    const rows = tableRows(tree);
    expect(rows.map((r) => r.id)).toEqual(['A=', 'B=']);
    expect(rows[0]!.children!.map((r) => r.id)).toEqual(['A=S1', 'A=S2']);
    expect(rows[0]!.children![0]).not.toHaveProperty('children');
    expect(rows[0]).not.toHaveProperty('pagecount');
  });

  it('reads the total from the first row (§9)', () => {
    expect(totalOf(tree)).toBe(3);
    expect(totalOf([])).toBe(0);
  });

  it('joins the name parts', () => {
    expect(fullName({ field1: 'Alan', field2: 'Mathison', field3: 'Turing' })).toBe('Alan Mathison Turing');
    expect(fullName({ field1: 'Ada', field2: ' ', field3: '' })).toBe('Ada');
  });

  it('sends a checked cohort for all its recipients, without its children', () => {
    expect(selectedItems(new Set(['A=', 'A=S1', 'A=S2', 'B=S3'])).sort()).toEqual(['A=', 'B=S3']);
    expect(selectedItems(new Set(['A-B=S1', 'A=']))).toEqual(['A-B=S1', 'A=']);
  });
});

describe('previewDocument', () => {
  it('wraps the mail so links open outside the sandboxed frame', () => {
    const doc = previewDocument('<p>Hi</p>');
    expect(doc).toContain('<base target="_blank">');
    expect(doc).toContain('<p>Hi</p>');
  });
});

describe('parseChoices', () => {
  it('reads back valid choices and drops the rest', () => {
    expect(
      parseChoices(JSON.stringify({ certtype: 'medal', cohort: 'A', status: 'PK received', pageSize: 50 })),
    ).toEqual({
      certtype: 'medal',
      cohort: 'A',
      status: 'PK received',
      pageSize: 50,
    });
    expect(parseChoices(JSON.stringify({ certtype: 'x', cohort: 3, status: 'nope', pageSize: 31 }))).toEqual(
      defaultChoices,
    );
    expect(parseChoices('not json')).toEqual(defaultChoices);
    expect(parseChoices(null)).toEqual(defaultChoices);
  });
});
