import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { AppError } from '@proofmark/shared/errors';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { sampleSheetRows } from '@proofmark/shared/recipients/rules';
import { realPdf, realPng } from '../../../../test/support/real-files';
import { loadUpload, readSheet } from './files';
import { sampleSheet } from './sample-sheet';

const xlsx = async (rows: unknown[][]) => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('S');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};
const zip = (items: { name: string; bytes: Buffer }[]) =>
  new Promise<Buffer>((resolve) => {
    const z = new yazl.ZipFile();
    for (const i of items) z.addBuffer(i.bytes, i.name);
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
const PDF = await realPdf();
const PNG = realPng();

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('reading uploads', () => {
  it('reads a sheet as text cells, numbers and links included', async () => {
    const bytes = await xlsx([
      ['First Name', 'Email', 'Student ID'],
      ['Ada', { text: 'ada@x.org', hyperlink: 'mailto:ada@x.org' }, 1001],
    ]);
    const sheet = await readSheet(bytes);
    expect(sheet.header).toEqual(['First Name', 'Email', 'Student ID']);
    expect(sheet.rows).toEqual([{ row: 2, cells: ['Ada', 'ada@x.org', '1001'] }]);
  });

  it('serves a sample sheet with the documented header and the example rows (read back as any upload)', async () => {
    const sheet = await readSheet(await sampleSheet());
    expect(sheet.header.slice(0, 6)).toEqual([
      'First Name',
      'Middle Name',
      'Last Name',
      'Email',
      'Second Email',
      'Student ID',
    ]);
    expect([sheet.header, ...sheet.rows.map((r) => r.cells)]).toEqual(sampleSheetRows);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await sampleSheet()) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.name).toBe('Students');
    expect(workbook.worksheets[0]!.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(workbook.worksheets[0]!.getRow(2).getCell(1).font?.bold).toBeFalsy();
  });

  it('refuses by content: a PDF named .xlsx, a zip that is no workbook, a damaged workbook', async () => {
    expect((await refusal(loadUpload('xlsx', PDF))).message).toBe(m.wrongFileFormat);
    expect((await refusal(loadUpload('xlsx', await zip([{ name: 'a.pdf', bytes: PDF }])))).message).toBe(
      m.wrongFileFormat,
    );
    const good = await xlsx([['a']]);
    expect((await refusal(loadUpload('xlsx', good.subarray(0, 200)))).message).toBe(m.sheetUnreadable);
    expect((await refusal(loadUpload('png', PDF))).message).toBe(m.wrongFileFormat);
    expect((await refusal(loadUpload('pdf', Buffer.alloc(0)))).message).toBe(m.fileEmpty);
    const big = await refusal(loadUpload('png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])));
    expect([big.status, big.message]).toEqual([413, m.fileTooLarge(2)]);
  });

  it('unpacks a zip of a sheet, photos and PDFs, skipping tool litter', async () => {
    const loaded = await loadUpload(
      'zip',
      await zip([
        { name: 's.xlsx', bytes: await xlsx([['First Name'], ['x']]) },
        { name: 'p/S1.png', bytes: PNG },
        { name: 'S1.pdf', bytes: PDF },
        { name: '__MACOSX/._S1.png', bytes: Buffer.from('x') },
        { name: '.DS_Store', bytes: Buffer.from('x') },
      ]),
    );
    expect(loaded.kind).toBe('zip');
    if (loaded.kind !== 'zip') return;
    expect(loaded.sheetName).toBe('s.xlsx');
    expect(loaded.files.map((f) => [f.name, f.kind])).toEqual([
      ['p/S1.png', 'png'],
      ['S1.pdf', 'pdf'],
    ]);
  });

  it('refuses two sheets, names with spaces, and empty archives', async () => {
    const sheet = await xlsx([['a']]);
    const two = await zip([
      { name: 'a.xlsx', bytes: sheet },
      { name: 'b.xlsx', bytes: sheet },
    ]);
    expect((await refusal(loadUpload('zip', two))).message).toBe(m.zipManySheets);
    const spaced = await refusal(loadUpload('zip', await zip([{ name: 'p/S 1.png', bytes: PNG }])));
    expect(spaced.message).toBe(m.zipEntryNameHasSpace('p/S 1.png'));
    expect(spaced.details).toEqual([{ path: 'p/S 1.png', message: m.zipEntryNameHasSpace('p/S 1.png') }]);
    expect((await refusal(loadUpload('zip', await zip([{ name: '.hidden', bytes: PNG }])))).message).toBe(
      m.zipNothingToImport,
    );
  });
});
