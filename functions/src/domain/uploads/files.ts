import ExcelJS from 'exceljs';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, badRequest, type FieldIssue } from '@proofmark/shared/errors';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import {
  extensionOf,
  ignorableEntry,
  MAX_SHEET_CELLS,
  MAX_SHEET_COLUMNS,
  sniffKind,
  uploadExtensions,
  uploadLimits,
  zipLimits,
  zipProblem,
  type FileKind,
  type ZipEntryInfo,
} from '@proofmark/shared/recipients/rules';
import { checkContent } from './content';

/**
 * Reading uploaded files safely: what a file is comes from its bytes, zips are judged by their
 * directory before anything is unpacked (and again while unpacking), and a sheet is read only
 * after its zip container passed the same checks.
 */

export interface SheetCells {
  header: string[];
  rows: { row: number; cells: string[] }[];
}
export interface InnerFile {
  name: string;
  kind: Exclude<FileKind, 'zip'>;
  bytes: Buffer;
}
export type LoadedFile =
  | { kind: 'xlsx'; sheet: SheetCells }
  | { kind: 'zip'; sheet?: SheetCells; sheetName?: string; files: InnerFile[] }
  | { kind: 'pdf' | 'png' | 'jpeg'; bytes: Buffer };

const MB = 1024 * 1024;
const refuse = (message: string, details?: FieldIssue[]) => badRequest(message, details);
const tooLarge = (message: string) => new AppError('payload_too_large', message);

// ——— zips ———

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const openZip = (bytes: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      // Raw names: we judge them ourselves, so a traversal entry is reported as one, not as a read error.
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)),
    ),
  );

const entriesOf = (zip: ZipFile) =>
  new Promise<Entry[]>((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (e: Entry) => {
      entries.push(e);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });

const nameOf = (e: Entry) => (e.fileNameRaw ?? Buffer.from(String(e.fileName))).toString('utf8');

export const entryInfo = (e: Entry): ZipEntryInfo => ({
  name: nameOf(e),
  compressedSize: e.compressedSize,
  uncompressedSize: e.uncompressedSize,
  isDirectory: nameOf(e).endsWith('/'),
  isSymlink: ((e.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK,
  isEncrypted: (e.generalPurposeBitFlag & 1) === 1,
});

/** Unpacks one entry, stopping as soon as it passes `limit` bytes (the declared size may lie). */
const readEntry = (zip: ZipFile, e: Entry, limit: number) =>
  new Promise<Buffer>((resolve, reject) => {
    zip.openReadStream(e, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size > limit) {
          stream.destroy(new Error('entry larger than allowed'));
          return;
        }
        chunks.push(c);
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  });

interface CheckedZip {
  zip: ZipFile;
  entries: { entry: Entry; info: ZipEntryInfo }[];
}

/** Opens a zip and applies every directory check; `unreadable` is the message for a damaged file. */
const checkedZip = async (bytes: Buffer, unreadable: string): Promise<CheckedZip> => {
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw refuse(unreadable);
  }
  if (zip.entryCount > zipLimits.maxEntries) throw refuse(m.zipTooManyEntries(zipLimits.maxEntries));
  let entries: Entry[];
  try {
    entries = await entriesOf(zip);
  } catch {
    throw refuse(unreadable);
  }
  const infos = entries.map(entryInfo);
  const problem = zipProblem(infos, bytes.length);
  if (problem) throw refuse(problem);
  return { zip, entries: entries.map((entry, i) => ({ entry, info: infos[i]! })) };
};

const isWorkbook = (z: CheckedZip) =>
  ['[Content_Types].xml', 'xl/workbook.xml'].every((n) => z.entries.some((e) => e.info.name === n));

// ——— sheets ———

const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/**
 * Bounds a sheet by its XML before the workbook is built (building it costs far more memory per
 * cell than the XML does): filled cells in all, and the right-most column any cell claims — one
 * cell in column XFD would otherwise make every row 16,384 cells wide.
 */
const checkSheetBounds = async (z: CheckedZip) => {
  let cells = 0;
  for (const { entry, info } of z.entries) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(info.name)) continue;
    let xml: string;
    try {
      // latin1: one byte per character, and cell tags are ASCII.
      xml = (await readEntry(z.zip, entry, zipLimits.maxUnpackedBytes)).toString('latin1');
    } catch {
      throw refuse(m.sheetUnreadable);
    }
    for (const cell of xml.matchAll(/<(?:\w+:)?c[\s>/]/g)) {
      if (++cells > MAX_SHEET_CELLS) throw refuse(m.sheetTooManyCells(MAX_SHEET_CELLS));
      const tag = xml.slice(cell.index, xml.indexOf('>', cell.index));
      const ref = /\br="\$?([A-Z]{1,3})\$?\d+"/.exec(tag);
      if (ref && columnNumber(ref[1]!) > MAX_SHEET_COLUMNS) throw refuse(m.sheetTooWide(MAX_SHEET_COLUMNS));
    }
  }
};

/** The first worksheet's cells as text, header first; any reading failure means a damaged workbook. */
export const readSheet = async (bytes: Buffer): Promise<SheetCells> => {
  if (sniffKind(bytes) !== 'zip') throw refuse(m.wrongFileFormat);
  const z = await checkedZip(bytes, m.sheetUnreadable);
  if (!isWorkbook(z)) throw refuse(m.wrongFileFormat);
  await checkSheetBounds(z);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse(m.sheetUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse(m.sheetNoRows);
  // Cells without a reference are placed one after another, so the bound is checked again here.
  const width = sheet.columnCount;
  if (width > MAX_SHEET_COLUMNS) throw refuse(m.sheetTooWide(MAX_SHEET_COLUMNS));
  const cellsOf = (r: ExcelJS.Row) =>
    Array.from({ length: width }, (_, i) => {
      const text = r.getCell(i + 1).text;
      return typeof text === 'string' ? text : String(text ?? '');
    });
  const header = cellsOf(sheet.getRow(1));
  const rows: SheetCells['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    if (n > 1) rows.push({ row: n, cells: cellsOf(r) });
  });
  return { header, rows };
};

// ——— any upload ———

/**
 * Reads an uploaded file of the kind its name promised, refusing it (with the message for the
 * person who uploaded it) when its bytes are of another kind, it is damaged, too big, or unsafe.
 */
export const loadUpload = async (
  expected: FileKind,
  bytes: Buffer,
  name = 'The file',
): Promise<LoadedFile> => {
  if (!bytes.length) throw refuse(m.fileEmpty);
  if (bytes.length > uploadLimits[expected]) throw tooLarge(m.fileTooLarge(uploadLimits[expected] / MB));
  const sniffed = sniffKind(bytes);
  switch (expected) {
    case 'xlsx':
      return { kind: 'xlsx', sheet: await readSheet(bytes) };
    case 'pdf':
    case 'png':
    case 'jpeg':
      if (sniffed !== expected) throw refuse(m.wrongFileFormat);
      await checkContent(expected, name, bytes);
      return { kind: expected, bytes };
    case 'zip':
      if (sniffed !== 'zip') throw refuse(m.wrongFileFormat);
      return loadZip(bytes);
  }
};

const innerKinds: Record<string, Exclude<FileKind, 'zip'>> = {
  ...uploadExtensions.photo,
  xlsx: 'xlsx',
  pdf: 'pdf',
} as Record<string, Exclude<FileKind, 'zip'>>;

const loadZip = async (bytes: Buffer): Promise<LoadedFile> => {
  const z = await checkedZip(bytes, m.zipUnreadable);
  if (isWorkbook(z)) throw refuse(m.wrongFileFormat);
  const problems: FieldIssue[] = [];
  const files: InnerFile[] = [];
  let unpacked = 0;
  for (const { entry, info } of z.entries) {
    if (info.isDirectory || ignorableEntry(info.name)) continue;
    const name = info.name;
    const kind = innerKinds[extensionOf(name)];
    if (!kind) {
      problems.push({ path: name, message: m.zipUnsupportedEntry(name) });
      continue;
    }
    if (/\s/.test(name.split('/').pop() ?? '')) {
      problems.push({ path: name, message: m.zipEntryNameHasSpace(name) });
      continue;
    }
    if (info.uncompressedSize > uploadLimits[kind]) {
      problems.push({ path: name, message: m.zipEntryTooLarge(name, uploadLimits[kind] / MB) });
      continue;
    }
    let content: Buffer;
    try {
      content = await readEntry(
        z.zip,
        entry,
        Math.min(uploadLimits[kind], zipLimits.maxUnpackedBytes - unpacked),
      );
    } catch {
      throw refuse(m.zipUnreadable);
    }
    unpacked += content.length;
    const sniffed = sniffKind(content);
    if ((kind === 'xlsx' && sniffed !== 'zip') || (kind !== 'xlsx' && sniffed !== kind)) {
      problems.push({ path: name, message: m.zipEntryWrongContent(name) });
      continue;
    }
    if (kind !== 'xlsx') {
      const problem = await checkContent(kind, name, content).then(
        () => undefined,
        (err: AppError) => err.message,
      );
      if (problem) {
        problems.push({ path: name, message: problem });
        continue;
      }
    }
    files.push({ name, kind, bytes: content });
  }
  if (problems.length) throw refuse(problems[0]!.message, problems);
  const sheets = files.filter((f) => f.kind === 'xlsx');
  if (sheets.length > 1) throw refuse(m.zipManySheets);
  if (!files.length) throw refuse(m.zipNothingToImport);
  const sheetFile = sheets[0];
  return {
    kind: 'zip',
    sheet: sheetFile ? await readSheet(sheetFile.bytes) : undefined,
    sheetName: sheetFile?.name,
    files: files.filter((f) => f.kind !== 'xlsx'),
  };
};
