import yazl from 'yazl';
import { sampleSheetRows } from '@proofmark/shared/recipients/rules';

/*
 * The downloadable sample sheet, written as the few SpreadsheetML parts a workbook needs (an .xlsx
 * is a zip of XML). exceljs would add ~600 kB to the recipients function for this one file; the
 * upload path, which must read any workbook, keeps exceljs (uploads/files.ts reads this sheet back in
 * its tests, and the integration test imports it).
 */

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC = 'application/vnd.openxmlformats-officedocument';

/** A1-style column letters of a 0-based column index. */
const column = (i: number): string =>
  (i >= 26 ? column(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26));

const worksheet = (rows: string[][]): string => {
  const width = Math.max(...rows.map((r) => r.length));
  const cells = (row: string[], r: number) =>
    row
      .map((text, c) =>
        text === ''
          ? ''
          : // Style 1 (bold) for the header row; inline strings need no shared-string table.
            `<c r="${column(c)}${r + 1}" t="inlineStr"${r === 0 ? ' s="1"' : ''}><is><t>${escapeXml(text)}</t></is></c>`,
      )
      .join('');
  return (
    `${XML}<worksheet xmlns="${MAIN}"><cols><col min="1" max="${width}" width="20" customWidth="1"/></cols>` +
    `<sheetData>${rows.map((row, r) => `<row r="${r + 1}">${cells(row, r)}</row>`).join('')}</sheetData></worksheet>`
  );
};

const parts = (rows: string[][]): [string, string][] => [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="${DOC}.spreadsheetml.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${DOC}.spreadsheetml.worksheet+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="${DOC}.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML}<Relationships xmlns="${PKG_REL}">` +
      `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
      `<sheets><sheet name="Students" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${PKG_REL}">` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${XML}<styleSheet xmlns="${MAIN}">` +
      `<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
      `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
      `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
      `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
      `<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
      `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
  ],
  ['xl/worksheets/sheet1.xml', worksheet(rows)],
];

/** The sample sheet (header in bold, then two example students) as .xlsx bytes. */
export const sampleSheet = (rows: string[][] = sampleSheetRows): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    // A fixed time, so the same rows always give the same bytes.
    const mtime = new Date(Date.UTC(2024, 0, 1));
    for (const [name, xml] of parts(rows)) zip.addBuffer(Buffer.from(xml, 'utf8'), name, { mtime });
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.end();
  });
