import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CohortsData } from '@proofmark/shared/contract/cohorts';
import type { ProgrammeListData } from '@proofmark/shared/contract/programmes';
import type { RecipientsData } from '@proofmark/shared/contract/recipients';
import type { UploadView } from '@proofmark/shared/contract/uploads';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { noPermissions } from '@proofmark/shared/accounts/permissions';
import { api, awaitMail, clients, cloud, eventually, mailTo, type ApiAnswer } from './helpers';
import { registeredAdmin, teamUser, uniqueEmail } from './accounts';
import { realJpeg, realPdf, realPng } from '../support/real-files';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

// ——— fixtures, made here (no binary blobs in the repository) ———

const header = ['First Name', 'Middle Name', 'Last Name', 'Email', 'Second Email', 'Student ID', 'Course'];
const student = (id: string, email = uniqueEmail(id.toLowerCase())) => [
  `First${id}`,
  '',
  `Last${id}`,
  email,
  '',
  id,
  'Physics',
];

const xlsx = async (rows: string[][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Students');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

interface ZipItem {
  name: string;
  bytes: Buffer;
  mode?: number;
  compress?: boolean;
}
const zip = (items: ZipItem[]): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const i of items) z.addBuffer(i.bytes, i.name, { mode: i.mode, compress: i.compress ?? true });
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });

/** yazl refuses unsafe names, as it should: write a same-length safe name and patch the bytes. */
const patchName = (bytes: Buffer, from: string, to: string) => {
  expect(from.length).toBe(to.length);
  const out = Buffer.from(bytes);
  let at = out.indexOf(from);
  while (at >= 0) {
    out.write(to, at, 'latin1');
    at = out.indexOf(from, at + 1);
  }
  return out;
};

// Complete files: photos and PDFs are decoded before they are accepted.
const PNG = realPng(4, 4, randomBytes(1)[0]);
const JPEG = realJpeg(8, 8, randomBytes(1)[0]);
const PDF = await realPdf();

// ——— calls ———

interface UploadOpts {
  purpose?: 'students' | 'photo';
  filename: string;
  bytes: Buffer;
  cohortid: string;
  certtype?: string;
  declaredSize?: number;
}

const ticket = (admin: { token: string }, o: Omit<UploadOpts, 'bytes'> & { size: number }) =>
  api<{ id: string; url: string }>('POST', '/api/uploads', {
    token: admin.token,
    body: {
      purpose: o.purpose ?? 'students',
      filename: o.filename,
      size: o.size,
      cohortid: o.cohortid,
      certtype: o.certtype ?? 'degree',
    },
  });

/** The browser's three steps: ask for a presigned URL, PUT the bytes to S3, ask for the import. */
const upload = async (
  admin: { token: string },
  o: UploadOpts,
): Promise<ApiAnswer<UploadView> & { id: string }> => {
  const t = await ticket(admin, { ...o, size: o.declaredSize ?? o.bytes.length });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  const put = await fetch(t.body.Data!.url, { method: 'PUT', body: o.bytes });
  expect(put.status).toBe(200);
  const res = await api<UploadView>('POST', `/api/uploads/${t.body.Data!.id}/import`, { token: admin.token });
  return { ...res, id: t.body.Data!.id };
};

/** Polls the upload record until the import job has finished with it. */
const finished = (admin: { token: string }, id: string) =>
  eventually(async () => {
    const p = (await api<UploadView>('GET', `/api/uploads/${id}`, { token: admin.token })).body.Data!;
    return p.state === 'done' || p.state === 'failed' ? p : undefined;
  }, 100_000);

const cohorts = (admin: Admin, certtype = 'degree') =>
  api<CohortsData>('GET', `/api/cohorts?certtype=${certtype}`, { token: admin.token });

const list = (admin: Admin, query: Record<string, string | number>) =>
  api<RecipientsData>(
    'GET',
    `/api/recipients?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    { token: admin.token },
  );

const childrenOf = (d: RecipientsData) => d.mockData.flatMap((p) => p.children);

const table = () => cloud().resources.tableName;
const rowOf = async (admin: Admin, cohort: string, student: string, certtype = 'degree') =>
  (
    await clients().dynamo.send(
      new GetCommand({
        TableName: table(),
        Key: { pk: `ORG#${admin.orgId}#COH#${cohort}`, sk: `CT#${certtype}#R#${student}` },
        ConsistentRead: true,
      }),
    )
  ).Item;

/** Nothing of a refused upload is left: no cohort, no rows, no uploaded object. */
const expectNothingWritten = async (admin: Admin, cohort: string, uploadId: string) => {
  const c = await cohorts(admin);
  expect(c.body.Data!.Data.map((x) => x.value)).not.toContain(cohort);
  const rows = await list(admin, { cohort });
  expect(rows.body.Data!.cohortData.total).toBe(0);
  const progress = await api<UploadView>('GET', `/api/uploads/${uploadId}`, { token: admin.token });
  expect(progress.body.Data!.state).toBe('failed');
  const objects = await clients().s3.send(
    new ListObjectsV2Command({
      Bucket: cloud().resources.buckets.artefacts,
      Prefix: `uploads/${admin.orgId}/`,
    }),
  );
  expect((objects.Contents ?? []).map((o) => o.Key)).not.toContain(`uploads/${admin.orgId}/${uploadId}`);
};

// ——— the tests ———

describe('cohorts', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
  });

  it('says there are none, then lists hand-made and uploaded cohorts with chained dropdowns', async () => {
    const empty = await cohorts(admin);
    expect(empty.status).toBe(200);
    expect(empty.body.message).toBe(m.noCohorts);
    expect(empty.body.Data).toMatchObject({ Data: [], cohortsearchmode: 0, cohortdropwdownarray: {} });
    expect(JSON.parse(empty.body.Data!.Templates)).toMatchObject({ '1': 'School of Hard Knocks' });

    const made = await api('POST', '/api/cohorts', { token: admin.token, body: { cohortid: '2024-CS-B' } });
    expect(made.status).toBe(201);
    const again = await api('POST', '/api/cohorts', { token: admin.token, body: { cohortid: '2024-CS-B' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(m.cohortExists);
    const bad = await api('POST', '/api/cohorts', { token: admin.token, body: { cohortid: 'a=b#c' } });
    expect(bad.body.message).toBe(m.cohortIdInvalid);

    const up = await upload(admin, {
      filename: 'students.xlsx',
      bytes: await xlsx([header, student('S1')]),
      cohortid: '2024-CS-A',
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    await api('POST', '/api/cohorts', { token: admin.token, body: { cohortid: '2023-MATH-A' } });

    const listed = (await cohorts(admin)).body.Data!;
    expect(listed.Data.map((c) => [c.value, c.count])).toEqual([
      ['2023-MATH-A', 0],
      ['2024-CS-A', 1],
      ['2024-CS-B', 0],
    ]);
    expect(listed.cohortsearchmode).toBe(1);
    expect(listed.cohortdropwdownarray.cohort_0!.map((o) => o.value)).toEqual(['2023', '2024']);
    expect(listed.cohortdropwdownarray.cohort_1).toEqual([
      { label: 'MATH', value: 'MATH', parent: '2023' },
      { label: 'CS', value: 'CS', parent: '2024' },
    ]);
    expect(
      listed.cohortdropwdownarray.cohort_2!.filter((o) => o.parent === '2024-CS').map((o) => o.value),
    ).toEqual(['A', 'B']);
    // A prefix from the chained dropdowns lists every cohort under it.
    const byPrefix = await list(admin, { cohort: '2024-CS' });
    expect(byPrefix.body.Data!.cohortData.total).toBe(1);
  });
});

describe('uploading a student sheet', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
  });

  it('serves a sample sheet whose layout imports as it is', async () => {
    const res = await api<{ filename: string; base64: string }>('GET', '/api/recipients/sample-sheet', {
      token: admin.token,
    });
    expect(res.body.Data!.filename).toBe('students-sample.xlsx');
    const bytes = Buffer.from(res.body.Data!.base64, 'base64');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).getCell(6).text).toBe('Student ID');
    const up = await upload(admin, { filename: 'students-sample.xlsx', bytes, cohortid: 'Sample' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.Data!.summary.recipients).toBe(2);
  });

  it('imports every row, keeps extra fields, and shows them as a tree with Invite pending', async () => {
    const rows = [header, student('A1'), student('A2'), student('A3')];
    rows[2]![4] = 'second@example.test';
    const up = await upload(admin, { filename: 'cohort-a.xlsx', bytes: await xlsx(rows), cohortid: 'A' });
    expect(up.status).toBe(200);
    expect(up.body.Data).toMatchObject({ state: 'done', total: 3, done: 3, summary: { recipients: 3 } });
    expect(up.body.message).toBe(m.importDone(3, 0, 0));

    const tree = (await list(admin, { cohort: 'A' })).body.Data!;
    expect(tree.mockData).toHaveLength(1);
    const parent = tree.mockData[0]!;
    expect(parent).toMatchObject({ id: 'A=', cohortid: 'A', is_child: 0, status: '', pagecount: 3 });
    expect(parent.children.map((c) => c.id)).toEqual(['A=A1', 'A=A2', 'A=A3']);
    expect(parent.children[1]).toMatchObject({
      field1: 'FirstA2',
      field3: 'LastA2',
      field5: 'Physics',
      field10: 'No',
      status: 'Invite pending',
      secondemailaddress: 'second@example.test',
      extrafields: { Course: 'Physics' },
      is_child: 1,
    });
  });

  it('refuses a sheet with bad rows, naming each row and reason, and writes nothing', async () => {
    const rows = [
      header,
      student('B1'),
      student('B1'),
      ['', '', 'X', 'not-an-email', '', 'B3', ''],
      student('B4'),
    ];
    const up = await upload(admin, { filename: 'bad.xlsx', bytes: await xlsx(rows), cohortid: 'Bad' });
    expect(up.status).toBe(400);
    expect(up.body.message).toBe(m.sheetBadRows(2));
    expect(up.body.details).toEqual([
      { path: 'row 3', message: m.rowStudentIdDuplicate(2) },
      { path: 'row 4', message: `${m.rowFirstNameMissing}; ${m.rowEmailInvalid}` },
    ]);
    const progress = await api<UploadView>('GET', `/api/uploads/${up.id}`, { token: admin.token });
    expect(progress.body.Data!.problems).toHaveLength(2);
    await expectNothingWritten(admin, 'Bad', up.id);
  });

  it('refuses a sheet without the required columns', async () => {
    const up = await upload(admin, {
      filename: 'cols.xlsx',
      bytes: await xlsx([
        ['Name', 'Mail'],
        ['x', 'y'],
      ]),
      cohortid: 'Cols',
    });
    expect(up.body.message).toBe(m.sheetMissingColumns(['First Name', 'Email', 'Student ID']));
  });

  it('refuses a file whose content is not what its name says', async () => {
    const pdfAsSheet = await upload(admin, { filename: 'fake.xlsx', bytes: PDF, cohortid: 'Fake' });
    expect(pdfAsSheet.status).toBe(400);
    expect(pdfAsSheet.body.message).toBe(m.wrongFileFormat);
    await expectNothingWritten(admin, 'Fake', pdfAsSheet.id);

    const zipAsSheet = await upload(admin, {
      filename: 'fake2.xlsx',
      bytes: await zip([{ name: 'A1.pdf', bytes: PDF }]),
      cohortid: 'Fake',
    });
    expect(zipAsSheet.body.message).toBe(m.wrongFileFormat);

    await api('POST', '/api/cohorts', { token: admin.token, body: { cohortid: 'Photos' } });
    const pngAsPdf = await upload(admin, { filename: 'A1.pdf', bytes: PNG, cohortid: 'Photos' });
    expect(pngAsPdf.body.message).toBe(m.wrongFileFormat);
    const pdfAsPhoto = await upload(admin, {
      purpose: 'photo',
      filename: 'A1.png',
      bytes: PDF,
      cohortid: 'Photos',
    });
    expect(pdfAsPhoto.body.message).toBe(m.wrongFileFormat);
  });

  it('refuses names with spaces and names of other types before any upload', async () => {
    const sheet = await ticket(admin, { filename: 'my students.xlsx', size: 100, cohortid: 'X' });
    expect(sheet.status).toBe(400);
    expect(sheet.body.message).toBe(m.excelNameHasSpace);
    const photo = await ticket(admin, {
      purpose: 'photo',
      filename: 'my photo.png',
      size: 100,
      cohortid: 'A',
    });
    expect(photo.body.message).toBe(m.photoNameHasSpace);
    const csv = await ticket(admin, { filename: 'students.csv', size: 100, cohortid: 'X' });
    expect(csv.body.message).toBe(m.wrongFileFormat);
    const none = await ticket(admin, { filename: '', size: 100, cohortid: 'X' });
    expect(none.body.message).toBe(m.selectFile);
    const noCohort = await ticket(admin, { purpose: 'photo', filename: 'A1.png', size: 100, cohortid: '' });
    expect(noCohort.body.message).toBe(m.noSelectedCohort);
    const unknownCohort = await ticket(admin, {
      purpose: 'photo',
      filename: 'A1.png',
      size: 100,
      cohortid: 'Nope',
    });
    expect(unknownCohort.body.message).toBe(m.noSelectedCohort);
  });

  it('refuses a corrupt workbook', async () => {
    const good = await xlsx([header, student('C1')]);
    const up = await upload(admin, {
      filename: 'corrupt.xlsx',
      bytes: good.subarray(0, Math.floor(good.length / 2)),
      cohortid: 'Corrupt',
    });
    expect(up.status).toBe(400);
    expect(up.body.message).toBe(m.sheetUnreadable);
    await expectNothingWritten(admin, 'Corrupt', up.id);
  });

  it('says the file was not uploaded yet, and imports an upload only once', async () => {
    const t = await ticket(admin, { filename: 'later.xlsx', size: 100, cohortid: 'Later' });
    const early = await api('POST', `/api/uploads/${t.body.Data!.id}/import`, { token: admin.token });
    expect(early.body.message).toBe(m.fileNotUploaded);
    const up = await upload(admin, {
      filename: 'once.xlsx',
      bytes: await xlsx([header, student('O1')]),
      cohortid: 'Once',
    });
    expect(up.status).toBe(200);
    const twice = await api('POST', `/api/uploads/${up.id}/import`, { token: admin.token });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(m.uploadAlreadyImported);
  });
});

describe('uploading zips, PDFs and photos', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
    const up = await upload(admin, {
      filename: 'z.xlsx',
      bytes: await xlsx([header, student('Z1'), student('Z2'), student('Z3')]),
      cohortid: 'Zed',
    });
    expect(up.status).toBe(200);
  });

  it('imports a zip of a sheet, photos and PDFs, matching files to students by name', async () => {
    const bytes = await zip([
      { name: 'students.xlsx', bytes: await xlsx([header, student('Y1'), student('Y2')]) },
      { name: 'photos/Y1.png', bytes: PNG },
      { name: 'Y2.jpg', bytes: JPEG },
      { name: 'docs/Y1.pdf', bytes: PDF },
      { name: '__MACOSX/._Y1.png', bytes: Buffer.from('x') },
    ]);
    const up = await upload(admin, { filename: 'bundle.zip', bytes, cohortid: 'Why' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.Data!.summary).toEqual({ recipients: 2, photos: 2, documents: 1 });

    const withPhoto = await list(admin, { cohort: 'Why', status: 'With Photo' });
    expect(childrenOf(withPhoto.body.Data!).map((c) => [c.studentid, c.field10])).toEqual([
      ['Y1', 'Yes'],
      ['Y2', 'Yes'],
    ]);
    const photo = await api<{ photoContent: string; photoTitle: string }>(
      'GET',
      '/api/recipients/photo?cohort=Why&student=Y1&certtype=degree',
      { token: admin.token },
    );
    expect(photo.body.Data!.photoTitle).toBe('Y1.png');
    expect(Buffer.from(photo.body.Data!.photoContent.split(',')[1]!, 'base64').equals(PNG)).toBe(true);
    const none = await api('GET', '/api/recipients/photo?cohort=Zed&student=Z1&certtype=degree', {
      token: admin.token,
    });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(m.noPhoto);
    const row = await rowOf(admin, 'Why', 'Y1');
    expect(row!.documentKey).toMatch(new RegExp(`^${admin.orgId}/documents/[0-9a-f-]+\\.pdf$`));

    // The approval screen embeds the recipient's PDF, or else their photo.
    type Doc = { kind: string; content: string; title: string };
    const docOf = (student: string) =>
      api<Doc>('GET', `/api/recipients/document?cohort=Why&student=${student}&certtype=degree`, { token: admin.token });
    const pdf = (await docOf('Y1')).body.Data!;
    expect([pdf.kind, pdf.title]).toEqual(['pdf', 'Y1.pdf']);
    expect(Buffer.from(pdf.content.split(',')[1]!, 'base64').equals(PDF)).toBe(true);
    const jpg = (await docOf('Y2')).body.Data!;
    expect([jpg.kind, jpg.title]).toEqual(['image', 'Y2.jpg']);
    expect(Buffer.from(jpg.content.split(',')[1]!, 'base64').equals(JPEG)).toBe(true);
  });

  it('imports a single photo and a single PDF into an existing cohort', async () => {
    const photo = await upload(admin, {
      purpose: 'photo',
      filename: 'Z1.jpeg',
      bytes: JPEG,
      cohortid: 'Zed',
    });
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    const pdf = await upload(admin, { filename: 'Z2.pdf', bytes: PDF, cohortid: 'Zed' });
    expect(pdf.status).toBe(200);
    expect((await rowOf(admin, 'Zed', 'Z1'))!.photoContentType).toBe('image/jpeg');
    expect((await rowOf(admin, 'Zed', 'Z2'))!.documentKey).toBeTruthy();
  });

  it('refuses files that match no student, and writes nothing', async () => {
    const bytes = await zip([
      { name: 'Z3.png', bytes: PNG },
      { name: 'NOBODY.png', bytes: PNG },
    ]);
    const up = await upload(admin, { filename: 'photos.zip', bytes, cohortid: 'Zed' });
    expect(up.status).toBe(400);
    expect(up.body.message).toBe(m.filesUnmatched(1));
    expect(up.body.details).toEqual([{ path: 'NOBODY.png', message: m.noSuchStudentForFile('NOBODY.png') }]);
    expect((await rowOf(admin, 'Zed', 'Z3'))!.photoKey).toBeUndefined();
  });

  it('refuses an oversized photo, declared or real', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const declared = await ticket(admin, {
      purpose: 'photo',
      filename: 'Z3.png',
      size: big.length,
      cohortid: 'Zed',
    });
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe(m.fileTooLarge(2));
    const lied = await upload(admin, {
      purpose: 'photo',
      filename: 'Z3.png',
      bytes: big,
      cohortid: 'Zed',
      declaredSize: 1000,
    });
    expect(lied.status).toBe(413);
    expect(lied.body.message).toBe(m.fileTooLarge(2));
    expect((await rowOf(admin, 'Zed', 'Z3'))!.photoKey).toBeUndefined();
    // Incompressible, so the zip is large: the import job refuses it and the upload record says why.
    const noisy = Buffer.concat([PNG, randomBytes(2 * 1024 * 1024)]);
    const inZip = await upload(admin, {
      filename: 'bigphoto.zip',
      bytes: await zip([{ name: 'Z3.png', bytes: noisy }]),
      cohortid: 'Zed',
    });
    expect(inZip.status).toBe(202);
    const final = await finished(admin, inZip.id);
    expect(final).toMatchObject({ state: 'failed', message: m.zipEntryTooLarge('Z3.png', 2) });
    expect(final.problems).toEqual([{ where: 'Z3.png', reason: m.zipEntryTooLarge('Z3.png', 2) }]);
  });

  it('refuses a zip bomb', async () => {
    const bomb = await zip([
      { name: 'students.xlsx', bytes: await xlsx([header, student('BOMB1')]) },
      { name: 'BOMB1.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(9 * 1024 * 1024)]) },
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const up = await upload(admin, { filename: 'bomb.zip', bytes: bomb, cohortid: 'Bomb' });
    expect(up.status).toBe(400);
    expect(up.body.message).toBe(m.zipCompressionRatio(100));
    await expectNothingWritten(admin, 'Bomb', up.id);
  });

  it('refuses a traversal entry, an absolute path and a link', async () => {
    const sheet = await xlsx([header, student('T1')]);
    const traversal = patchName(
      await zip([
        { name: 'students.xlsx', bytes: sheet },
        { name: 'aa/T1.pdf', bytes: PDF },
      ]),
      'aa/T1.pdf',
      '../T1.pdf',
    );
    const t = await upload(admin, { filename: 'traversal.zip', bytes: traversal, cohortid: 'Trav' });
    expect(t.status).toBe(400);
    expect(t.body.message).toBe(m.zipUnsafePath('../T1.pdf'));
    await expectNothingWritten(admin, 'Trav', t.id);

    const absolute = patchName(
      await zip([
        { name: 'students.xlsx', bytes: sheet },
        { name: 'xetc/T1.pdf', bytes: PDF },
      ]),
      'xetc/T1.pdf',
      '/etc/T1.pdf',
    );
    const a = await upload(admin, { filename: 'absolute.zip', bytes: absolute, cohortid: 'Trav' });
    expect(a.body.message).toBe(m.zipUnsafePath('/etc/T1.pdf'));

    const link = await zip([
      { name: 'students.xlsx', bytes: sheet },
      { name: 'T1.pdf', bytes: Buffer.from('/etc/passwd'), mode: 0o120777 },
    ]);
    const l = await upload(admin, { filename: 'link.zip', bytes: link, cohortid: 'Trav' });
    expect(l.body.message).toBe(m.zipUnsafePath('T1.pdf'));
    await expectNothingWritten(admin, 'Trav', l.id);
  });

  it('refuses a zip with more than 1,000 entries, other file types, or content of another type', async () => {
    // Tiny entries keep the zip small enough to be judged during the call (the count is checked first).
    const many = await zip(
      Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}.pdf`, bytes: Buffer.from('%PDF-') })),
    );
    const m1 = await upload(admin, { filename: 'many.zip', bytes: many, cohortid: 'Zed' });
    expect(m1.body.message).toBe(m.zipTooManyEntries(1000));

    const exe = await upload(admin, {
      filename: 'exe.zip',
      bytes: await zip([{ name: 'Z1.exe', bytes: Buffer.from('MZ') }]),
      cohortid: 'Zed',
    });
    expect(exe.body.message).toBe(m.zipUnsupportedEntry('Z1.exe'));
    const disguised = await upload(admin, {
      filename: 'disguised.zip',
      bytes: await zip([{ name: 'Z1.png', bytes: PDF }]),
      cohortid: 'Zed',
    });
    expect(disguised.body.message).toBe(m.zipEntryWrongContent('Z1.png'));
    const notZip = await upload(admin, { filename: 'not.zip', bytes: PDF, cohortid: 'Zed' });
    expect(notZip.body.message).toBe(m.wrongFileFormat);
  });
});

describe('the recipient table', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
    const rows = [
      header,
      ...Array.from({ length: 45 }, (_, i) => student(`P${String(i + 1).padStart(2, '0')}`)),
    ];
    expect(
      (await upload(admin, { filename: 'p.xlsx', bytes: await xlsx(rows), cohortid: 'Paged' })).status,
    ).toBe(200);
    expect(
      (
        await upload(admin, {
          filename: 'q.xlsx',
          bytes: await xlsx([header, student('Q1')]),
          cohortid: 'Other',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await upload(admin, {
          filename: 'm.xlsx',
          bytes: await xlsx([header, student('M1')]),
          cohortid: 'Paged',
          certtype: 'medal',
        })
      ).status,
    ).toBe(200);
  });

  it('pages on the server with the default of 30 and the sizes 20 to 250', async () => {
    const first = (await list(admin, { cohort: 'Paged' })).body.Data!;
    expect(first.cohortData).toEqual({ total: 45, page: 0, pageSize: 30, pages: 2 });
    expect(first.mockData[0]!.pagecount).toBe(45);
    expect(first.mockData[0]!.children).toHaveLength(30);
    const second = (await list(admin, { cohort: 'Paged', page: 1 })).body.Data!;
    expect(childrenOf(second).map((c) => c.studentid)).toEqual(
      Array.from({ length: 15 }, (_, i) => `P${String(i + 31)}`),
    );
    const twenty = (await list(admin, { cohort: 'Paged', pagesize: 20, page: 2 })).body.Data!;
    expect(childrenOf(twenty)).toHaveLength(5);
    // A page past the end (after a filter narrowed the rows) shows the last page.
    const past = (await list(admin, { cohort: 'Paged', pagesize: 20, page: 9 })).body.Data!;
    expect(past.cohortData.page).toBe(2);
    const bad = await list(admin, { cohort: 'Paged', pagesize: 25 });
    expect(bad.status).toBe(400);
  });

  it('lists all cohorts under their parents, filters by certificate type, search and status', async () => {
    const all = (await list(admin, { pagesize: 250 })).body.Data!;
    expect(all.mockData.map((p) => [p.cohortid, p.children.length])).toEqual([
      ['Other', 1],
      ['Paged', 45],
    ]);
    const medal = (await list(admin, { certtype: 'medal' })).body.Data!;
    expect(childrenOf(medal).map((c) => c.id)).toEqual(['Paged=M1']);
    const search = (await list(admin, { search: 'firstp4' })).body.Data!;
    expect(childrenOf(search).map((c) => c.studentid)).toEqual(['P40', 'P41', 'P42', 'P43', 'P44', 'P45']);
    const pk = (await list(admin, { status: 'PK received' })).body.Data!;
    expect(pk.cohortData.total).toBe(0);
    expect(pk.mockData).toEqual([]);
  });

  it('edits a recipient', async () => {
    const res = await api('POST', '/api/recipients/update', {
      token: admin.token,
      body: {
        selectedCertType: 'degree',
        selectedcoid: 'Other',
        selectedstdid: 'Q1',
        newemail: 'New.Address@Example.test',
        firstname: 'Quinn',
        middlename: 'Q',
        lastname: 'Quist',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.recipientUpdated);
    const row = childrenOf((await list(admin, { cohort: 'Other' })).body.Data!)[0]!;
    expect(row).toMatchObject({
      field1: 'Quinn',
      field2: 'Q',
      field3: 'Quist',
      field4: 'new.address@example.test',
    });
    const bad = await api('POST', '/api/recipients/update', {
      token: admin.token,
      body: {
        selectedCertType: 'degree',
        selectedcoid: 'Other',
        selectedstdid: 'Q1',
        newemail: 'nope',
        firstname: 'Q',
      },
    });
    expect(bad.body.message).toBe(m.invalidEmail);
    const missing = await api('POST', '/api/recipients/update', {
      token: admin.token,
      body: { selectedcoid: 'Other', selectedstdid: 'NOPE', newemail: 'a@b.test', firstname: 'Q' },
    });
    expect(missing.status).toBe(404);
  });

  it('copies the email as the public key', async () => {
    const none = await api('POST', '/api/recipients/copy-email-as-key', {
      token: admin.token,
      body: { selectedItems: [], certtype: 'degree' },
    });
    expect(none.body.message).toBe(m.noSelectedStudents);
    const res = await api('POST', '/api/recipients/copy-email-as-key', {
      token: admin.token,
      body: { selectedItems: ['Other='], certtype: 'degree' },
    });
    expect(res.body.message).toBe(m.emailCopiedAsKey);
    const row = childrenOf((await list(admin, { cohort: 'Other', status: 'PK received' })).body.Data!)[0]!;
    expect(row).toMatchObject({ field6: 'new.address@example.test', status: 'PK received' });
  });

  it('deletes, asking first when the cohort has issued certificates, and keeps the issued rows', async () => {
    await clients().dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: `ORG#${admin.orgId}#COH#Paged`, sk: 'CT#degree#R#P01' },
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'Certificate issued' },
      }),
    );
    const nothing = await api('POST', '/api/recipients/delete', {
      token: admin.token,
      body: { selectedItems: [], certtype: 'degree' },
    });
    expect(nothing.body.message).toBe(m.selectCorrectItems);
    const ask = await api('POST', '/api/recipients/delete', {
      token: admin.token,
      body: { selectedItems: ['Paged=P01', 'Paged=P02'], certtype: 'degree' },
    });
    expect(ask.status).toBe(409);
    expect(ask.body.message).toBe(m.deleteIssuedConfirm);
    expect((await list(admin, { cohort: 'Paged' })).body.Data!.cohortData.total).toBe(45);

    const done = await api<{ deleted: number; kept: number }>('POST', '/api/recipients/delete', {
      token: admin.token,
      body: { selectedItems: ['Paged=P01', 'Paged=P02'], certtype: 'degree', confirm: true },
    });
    expect(done.body.Data).toEqual({ deleted: 1, kept: 1 });
    expect(await rowOf(admin, 'Paged', 'P01')).toBeDefined();
    expect(await rowOf(admin, 'Paged', 'P02')).toBeUndefined();

    // A cohort without issued rows, selected whole, goes with its rows.
    const whole = await api('POST', '/api/recipients/delete', {
      token: admin.token,
      body: { selectedItems: ['Other='], certtype: 'degree' },
    });
    expect(whole.status).toBe(200);
    expect((await cohorts(admin)).body.Data!.Data.map((c) => c.value)).toEqual(['Paged']);
  });

  it('needs the manage-members permission to change rows and the upload permission to upload', async () => {
    const member = await teamUser(admin, { ...noPermissions(), uploadmember: 1 });
    const del = await api('POST', '/api/recipients/delete', {
      token: member.token,
      body: { selectedItems: ['Paged=P03'], certtype: 'degree' },
    });
    expect(del.status).toBe(403);
    const up = await upload(member, {
      filename: 'team.xlsx',
      bytes: await xlsx([header, student('TM1')]),
      cohortid: 'Team',
    });
    expect(up.status).toBe(200);
  });
});

describe('a large sheet', () => {
  it('is imported by the job, with progress visible on the upload', async () => {
    const admin = await registeredAdmin();
    const rows = [
      header,
      ...Array.from({ length: 2000 }, (_, i) => [
        `First${i}`,
        randomBytes(32).toString('base64url'),
        `Last${i}`,
        `s${i}@example.test`,
        '',
        `L${i}`,
        randomBytes(96).toString('base64url'),
      ]),
    ];
    const bytes = await xlsx(rows);
    expect(bytes.length).toBeGreaterThan(256 * 1024);
    const up = await upload(admin, { filename: 'large.xlsx', bytes, cohortid: 'Large' });
    expect(up.status).toBe(202);
    expect(up.body.Data!.state).toBe('queued');
    expect(up.body.message).toBe(m.importQueued);
    const seen: { state: string; done: number }[] = [];
    const done = await eventually(
      async () => {
        const p = (await api<UploadView>('GET', `/api/uploads/${up.id}`, { token: admin.token })).body.Data!;
        seen.push({ state: p.state, done: p.done });
        return p.state === 'done' || p.state === 'failed' ? p : undefined;
      },
      100_000,
      100,
    );
    expect(done).toMatchObject({ state: 'done', total: 2000, done: 2000, summary: { recipients: 2000 } });
    // Progress was visible on the way: the record was importing with part of the rows written.
    expect(
      seen.some((p) => p.state === 'importing' && p.done > 0 && p.done < 2000),
      JSON.stringify(seen),
    ).toBe(true);
    expect((await list(admin, { cohort: 'Large' })).body.Data!.cohortData.total).toBe(2000);
  }, 120_000);
});

describe('invitations', () => {
  let admin: Admin;
  const emails = Array.from({ length: 3 }, (_, i) => uniqueEmail(`inv${i}`));
  beforeAll(async () => {
    admin = await registeredAdmin();
    const rows = [header, ...emails.map((e, i) => student(`I${i + 1}`, e))];
    rows[1]![4] = uniqueEmail('second');
    expect(
      (await upload(admin, { filename: 'i.xlsx', bytes: await xlsx(rows), cohortid: 'Inv' })).status,
    ).toBe(200);
  });

  it('previews the invitation with every placeholder filled', async () => {
    const none = await api('POST', '/api/invitations/preview', {
      token: admin.token,
      body: { selectedItems: [], certtype: 'degree' },
    });
    expect(none.body.message).toBe(m.noSelectedStudents);
    const res = await api<{ PreviewMail: { to: string; subject: string; html: string }[] }>(
      'POST',
      '/api/invitations/preview',
      { token: admin.token, body: { selectedItems: ['Inv=I1'], certtype: 'degree' } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [mail] = res.body.Data!.PreviewMail;
    expect(mail!.to).toBe(emails[0]);
    expect(mail!.subject).toBe('Analytical College wants to issue you a digital credentials');
    const row = await rowOf(admin, 'Inv', 'I1');
    const code = row!.oneTimeCode as string;
    expect(code).toBeTruthy();
    expect(mail!.html).toContain('Dear FirstI1');
    expect(mail!.html).toContain(code);
    expect(mail!.html).toContain(
      `https://wallet.blockcerts.org/#/introduce-recipient/${encodeURIComponent(`${cloud().appUrl}/api/public/issuers/`)}`,
    );
    expect(mail!.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" width="240"/);
    expect(mail!.html).not.toMatch(
      /ORGANIZATION_NAME|FIRST_NAME|INTRODUCTION_URL|ONETIMECODE|QR_CODE|WALLET_LINK|ISSUER_URL/,
    );
    expect(mail!.html).not.toMatch(/chart\.googleapis|api\.qrserver/);
  });

  it("sends it, and the wallet's key turns the row to PK received", async () => {
    const res = await api('POST', '/api/invitations', {
      token: admin.token,
      body: { selectedItems: ['Inv='], certtype: 'degree' },
    });
    // Every invitation is mailed by the invite job, as a run.
    expect(res.status).toBe(202);
    expect(res.body.message).toBe(m.pleaseWait);
    const mail = await awaitMail(emails[0]!, /wants to issue you a digital credentials/);
    expect(mail.destination.cc).toHaveLength(1);
    const html = mail.body.html!;
    expect(html).toContain('src="cid:qrcode"');
    const attachments = (mail as unknown as { attachments: { contentId?: string; contentType: string }[] })
      .attachments;
    expect(attachments.find((a) => a.contentId === 'qrcode' || a.contentId === '<qrcode>')?.contentType).toBe(
      'image/png',
    );
    expect(mail.body.text).toContain('https://wallet.blockcerts.org/#/introduce-recipient/');

    const row = await rowOf(admin, 'Inv', 'I1');
    expect(row!.status).toBe('Invite pending');
    const link = /https:\/\/wallet\.blockcerts\.org\/#\/introduce-recipient\/([^/"]+)\/([^"&\s)]+)/.exec(
      html,
    )!;
    const introductionUrl = decodeURIComponent(link[1]!);
    expect(decodeURIComponent(link[2]!)).toBe(row!.oneTimeCode);
    const posted = await fetch(introductionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        bitcoinAddress: '0x4444444444444444444444444444444444444444',
        nonce: row!.oneTimeCode,
      }),
    });
    expect(posted.status).toBe(200);
    const listed = childrenOf((await list(admin, { cohort: 'Inv', status: 'PK received' })).body.Data!);
    expect(listed.map((c) => [c.studentid, c.field6])).toEqual([
      ['I1', '0x4444444444444444444444444444444444444444'],
    ]);

    // Already registered: not invited again.
    const again = await api('POST', '/api/invitations', {
      token: admin.token,
      body: { selectedItems: ['Inv=I1'], certtype: 'degree' },
    });
    expect(again.body.message).toBe(m.nothingToInvite);
  });

  it('sends a large selection through the job after "Please wait a few minutes."', async () => {
    const many = Array.from({ length: 25 }, (_, i) => uniqueEmail(`bulk${i}`));
    const rows = [header, ...many.map((e, i) => student(`K${i + 1}`, e))];
    expect(
      (await upload(admin, { filename: 'k.xlsx', bytes: await xlsx(rows), cohortid: 'Bulk' })).status,
    ).toBe(200);
    const res = await api<{ queued: number }>('POST', '/api/invitations', {
      token: admin.token,
      body: { selectedItems: ['Bulk='], certtype: 'degree' },
    });
    expect(res.status).toBe(202);
    expect(res.body.message).toBe(m.pleaseWait);
    expect(res.body.Data!.queued).toBe(25);
    for (const e of many) await awaitMail(e, /wants to issue you/);
    expect((await mailTo(many[0]!)).length).toBe(1);
  }, 90_000);
});

describe('programme import', () => {
  it('imports batches of the programme source as cohorts, in API mode only', async () => {
    const admin = await registeredAdmin();
    const off = await api('GET', '/api/programmes?undergraduate=1', { token: admin.token });
    expect(off.status).toBe(400);
    expect(off.body.message).toBe(m.apiModeOff);
    const set = await api('POST', '/api/profile', {
      token: admin.token,
      body: { key: 'isapimode', value: 1 },
    });
    expect(set.status).toBe(200);

    const neither = await api('GET', '/api/programmes', { token: admin.token });
    expect(neither.body.message).toBe(m.chooseLevel);
    const listed = await api<ProgrammeListData>('GET', '/api/programmes?undergraduate=1&mode=3', {
      token: admin.token,
    });
    expect(listed.body.Data!.batchdata.map((b) => b.id)).toEqual(['2024-BSC-CS', '2024-BA-HIST']);
    expect(listed.body.Data!.paiddata.map((p) => p.batchId)).toEqual(['2024-BA-HIST']);

    const noLevel = await api('POST', '/api/programmes/import', {
      token: admin.token,
      body: { undergraduate: 0, postgraduate: 0, selected: ['2024-BSC-CS'] },
    });
    expect(noLevel.body.message).toBe(m.chooseLevel);
    const res = await api('POST', '/api/programmes/import', {
      token: admin.token,
      body: {
        undergraduate: 1,
        postgraduate: 1,
        paid: 0,
        selected: ['2024-BSC-CS', '2024-MSC-PHY'],
        semester: 2,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(m.programmesImported(2, 5));
    const c = (await cohorts(admin)).body.Data!;
    expect(c.Data.map((x) => [x.value, x.count])).toEqual([
      ['2024-BSC-CS-S2', 3],
      ['2024-MSC-PHY-S2', 2],
    ]);
    expect(c.cohortsearchmode).toBe(1);
  });
});

describe('objects stay private', () => {
  it('keeps uploads under the organisation and server-made keys', async () => {
    const admin = await registeredAdmin();
    const t = await ticket(admin, { filename: 'k.xlsx', size: 10, cohortid: 'K' });
    const url = new URL(t.body.Data!.url);
    // Under uploads/ (which a lifecycle rule expires), then the organisation.
    expect(url.pathname).toMatch(new RegExp(`/uploads/${admin.orgId}/[0-9a-f-]{36}$`));
    await fetch(t.body.Data!.url, { method: 'PUT', body: Buffer.from('0123456789') });
    const head = await clients().s3.send(
      new HeadObjectCommand({
        Bucket: cloud().resources.buckets.artefacts,
        Key: `uploads/${admin.orgId}/${t.body.Data!.id}`,
      }),
    );
    expect(head.ContentLength).toBe(10);
  });
});
