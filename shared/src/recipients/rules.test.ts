import { describe, expect, it } from 'vitest';
import { recipientMessages as m } from './messages';
import {
  clampPage,
  cohortDropdowns,
  fileNameProblem,
  isIssuedStatus,
  pageCount,
  pageOffset,
  parseItemId,
  readStudentSheet,
  sniffKind,
  toggleSelection,
  zipProblem,
  type ZipEntryInfo,
} from './rules';

const header = ['First Name', 'Middle Name', 'Last Name', 'Email', 'Second Email', 'Student ID', 'Course'];
const row = (n: number, cells: string[]) => ({ row: n, cells });

describe('the student sheet', () => {
  it('reads rows by header name, in any order and case, keeping extra columns', () => {
    const out = readStudentSheet(
      ['student_id', 'EMAIL', 'first name', 'Course'],
      [row(2, ['S1', 'A@Example.org', 'Ada', 'Maths']), row(3, ['', '', '', ''])],
    );
    expect(out).toEqual({
      ok: true,
      students: [
        {
          row: 2,
          studentid: 'S1',
          firstname: 'Ada',
          middlename: '',
          lastname: '',
          email: 'a@example.org',
          secondemail: '',
          extra: { Course: 'Maths' },
        },
      ],
    });
  });

  it('refuses the whole sheet and names every bad row with its reasons', () => {
    const out = readStudentSheet(header, [
      row(2, ['Ada', '', 'L', 'a@x.org', '', 'S1', '']),
      row(3, ['', '', '', 'nope', 'also-nope', 'S1', '']),
      row(4, ['Bob', '', '', 'b@x.org', '', 'bad id!', '']),
      row(5, ['Cy', '', '', '', '', 'S5', 'x'.repeat(501)]),
    ]);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.message).toBe(m.sheetBadRows(3));
    expect(out.problems).toEqual([
      {
        row: 3,
        reason: [
          m.rowStudentIdDuplicate(2),
          m.rowFirstNameMissing,
          m.rowEmailInvalid,
          m.rowSecondEmailInvalid,
        ].join('; '),
      },
      { row: 4, reason: m.rowStudentIdInvalid },
      { row: 5, reason: [m.rowEmailMissing, m.rowExtraTooLong('Course')].join('; ') },
    ]);
  });

  it('names the missing required columns, and refuses an empty sheet', () => {
    expect(readStudentSheet(['Name'], [])).toMatchObject({
      ok: false,
      message: m.sheetMissingColumns(['First Name', 'Email', 'Student ID']),
    });
    expect(readStudentSheet(header, [row(2, ['', ''])])).toMatchObject({ ok: false, message: m.sheetNoRows });
  });
});

describe('file names and contents', () => {
  it.each([
    ['students', 'a.xlsx', undefined],
    ['students', 'a.ZIP', undefined],
    ['students', 'a.pdf', undefined],
    ['students', 'a.csv', m.wrongFileFormat],
    ['students', 'my file.xlsx', m.excelNameHasSpace],
    ['photo', 'my photo.png', m.photoNameHasSpace],
    ['photo', 'S1.jpeg', undefined],
    ['photo', 'S1.gif', m.wrongFileFormat],
    ['photo', '', m.selectFile],
    ['students', 'a;b.xlsx', m.fileNameInvalid],
  ] as const)('%s %j → %s', (purpose, name, problem) => {
    expect(fileNameProblem(purpose, name)).toBe(problem);
  });

  it('tells kinds by magic bytes', () => {
    expect(sniffKind(Buffer.from('PK\x03\x04rest', 'latin1'))).toBe('zip');
    expect(sniffKind(Buffer.from('%PDF-1.7'))).toBe('pdf');
    expect(sniffKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffKind(Buffer.from([0xff, 0xd8, 0xff, 0xe1]))).toBe('jpeg');
    expect(sniffKind(Buffer.from('hello.png'))).toBeUndefined();
  });
});

describe('zip checks', () => {
  const entry = (name: string, over: Partial<ZipEntryInfo> = {}): ZipEntryInfo => ({
    name,
    compressedSize: 100,
    uncompressedSize: 200,
    isDirectory: false,
    isSymlink: false,
    isEncrypted: false,
    ...over,
  });
  const MB = 1024 * 1024;

  it('passes an ordinary archive', () => {
    expect(zipProblem([entry('a.xlsx'), entry('photos/'), entry('photos/S1.png')], 1000)).toBeUndefined();
  });
  it('refuses more than 1,000 entries', () => {
    expect(
      zipProblem(
        Array.from({ length: 1001 }, (_, i) => entry(`${i}.pdf`)),
        1e6,
      ),
    ).toBe(m.zipTooManyEntries(1000));
  });
  it.each(['../x.pdf', 'a/../../x.pdf', '/etc/passwd', '\\x.pdf', 'C:/x.pdf', 'a\\..\\x.pdf'])(
    'refuses the path %s',
    (n) => {
      expect(zipProblem([entry(n)], 1000)).toBe(m.zipUnsafePath(n));
    },
  );
  it('refuses links', () => {
    expect(zipProblem([entry('S1.png', { isSymlink: true })], 1000)).toBe(m.zipUnsafePath('S1.png'));
  });
  it('refuses more than 100 MB unpacked', () => {
    const big = Array.from({ length: 3 }, (_, i) =>
      entry(`${i}.pdf`, { compressedSize: 40 * MB, uncompressedSize: 40 * MB }),
    );
    expect(zipProblem(big, 120 * MB)).toBe(m.zipTooLargeUnpacked(100));
  });
  it('refuses a compression ratio over 100:1, judging only big entries alone', () => {
    expect(zipProblem([entry('a.pdf', { compressedSize: 10_000, uncompressedSize: 2 * MB })], 20_000)).toBe(
      m.zipCompressionRatio(100),
    );
    // Small, very compressible entries (sheet XML) are fine.
    expect(
      zipProblem([entry('x.xml', { compressedSize: 10, uncompressedSize: 50_000 })], 5_000),
    ).toBeUndefined();
    // The archive as a whole counts as well.
    const many = Array.from({ length: 10 }, (_, i) =>
      entry(`${i}.xml`, { compressedSize: 100, uncompressedSize: 500_000 }),
    );
    expect(zipProblem(many, 2_000)).toBe(m.zipCompressionRatio(100));
  });
  it('refuses encrypted entries', () => {
    expect(zipProblem([entry('a.pdf', { isEncrypted: true })], 1000)).toBe(m.zipEncrypted('a.pdf'));
  });
});

describe('paging', () => {
  it('counts pages and offsets as the spec says', () => {
    expect(pageCount(45, 30)).toBe(2);
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(60, 30)).toBe(2);
    expect(pageOffset(2, 20)).toBe(40);
    expect(clampPage(9, 45, 20)).toBe(2);
    expect(clampPage(-1, 45, 20)).toBe(0);
  });
});

describe('cohorts and selection', () => {
  it('builds chained dropdowns from dash-joined keys', () => {
    expect(cohortDropdowns(['A', 'B'])).toEqual({ mode: 0, dropdowns: {} });
    expect(cohortDropdowns(['2024-CS-B', '2024-CS-A', '2023-EE', 'Solo'])).toEqual({
      mode: 1,
      dropdowns: {
        cohort_0: [
          { label: '2023', value: '2023', parent: '' },
          { label: '2024', value: '2024', parent: '' },
          { label: 'Solo', value: 'Solo', parent: '' },
        ],
        cohort_1: [
          { label: 'EE', value: 'EE', parent: '2023' },
          { label: 'CS', value: 'CS', parent: '2024' },
        ],
        cohort_2: [
          { label: 'A', value: 'A', parent: '2024-CS' },
          { label: 'B', value: 'B', parent: '2024-CS' },
        ],
      },
    });
  });

  it('parses item ids', () => {
    expect(parseItemId('2024-A=S1')).toEqual({ cohortid: '2024-A', studentid: 'S1' });
    expect(parseItemId('2024-A=')).toEqual({ cohortid: '2024-A', studentid: '' });
    expect(parseItemId('=S1')).toBeUndefined();
  });

  it('checks a parent with all its children, and unchecks the parent with any child', () => {
    const tree = [{ id: 'A=', children: [{ id: 'A=1' }, { id: 'A=2' }] }];
    const all = toggleSelection(new Set(), tree, 'A=', true);
    expect([...all].sort()).toEqual(['A=', 'A=1', 'A=2']);
    const one = toggleSelection(all, tree, 'A=2', false);
    expect([...one].sort()).toEqual(['A=1']);
    expect([...toggleSelection(one, tree, 'A=2', true)].sort()).toEqual(['A=', 'A=1', 'A=2']);
    expect([...toggleSelection(all, tree, 'A=', false)]).toEqual([]);
  });

  it('knows issued statuses', () => {
    expect(['Certificate issued', 'Hold', 'Revoked'].map(isIssuedStatus)).toEqual([true, true, true]);
    expect(['Invite pending', 'PK received', 'generated', 'Sent for Review', ''].map(isIssuedStatus)).toEqual(
      [false, false, false, false, false],
    );
  });
});
