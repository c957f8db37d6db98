/**
 * A one-page PDF of text lines and rules, written by hand (PDF 1.4, the standard Helvetica fonts):
 * a receipt needs no more, and a PDF library or the Chromium renderer would weigh more than the
 * whole billing function. Text is WinAnsi (Western European) plus the Latin Extended-A letters the
 * standard Helvetica carries (Polish, Czech, Hungarian, Turkish, Baltic...), through a second font
 * resource whose /Differences encoding names those glyphs. Scripts Helvetica has no glyphs for (CJK,
 * Cyrillic, Greek, Arabic, Devanagari...) would need an embedded font, megabytes for CJK: they still
 * print as "?".
 */
export interface PdfText {
  text: string;
  /** Points from the left and from the bottom of an A4 page (595 × 842). */
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  /** 0 black … 1 white. */
  grey?: number;
}
export interface PdfRule {
  x1: number;
  x2: number;
  y: number;
}

export const A4 = { width: 595, height: 842 } as const;

/** Windows-1252's characters in 0x80–0x9F, where Latin-1 has control codes. */
const cp1252: Record<string, number> = Object.fromEntries(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ']
    .map((ch, i) => [ch, 0x80 + i] as const)
    .filter(([ch]) => ch.charCodeAt(0) > 0x9f),
);

/** The WinAnsi byte of a character, or undefined when WinAnsi has none. */
const winAnsiByte = (ch: string): number | undefined => {
  const mapped = cp1252[ch];
  if (mapped !== undefined) return mapped;
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) ? code : undefined;
};

/** Latin Extended-A letters of the standard Helvetica (Adobe's core font metrics), by glyph name. */
const extraGlyphs: [string, string][] = Object.entries({
  Ā: 'Amacron', ā: 'amacron', Ă: 'Abreve', ă: 'abreve', Ą: 'Aogonek', ą: 'aogonek', Ć: 'Cacute',
  ć: 'cacute', Č: 'Ccaron', č: 'ccaron', Ď: 'Dcaron', ď: 'dcaron', Đ: 'Dcroat', đ: 'dcroat',
  Ē: 'Emacron', ē: 'emacron', Ė: 'Edotaccent', ė: 'edotaccent', Ę: 'Eogonek', ę: 'eogonek',
  Ě: 'Ecaron', ě: 'ecaron', Ğ: 'Gbreve', ğ: 'gbreve', Ģ: 'Gcommaaccent', ģ: 'gcommaaccent',
  Ī: 'Imacron', ī: 'imacron', Į: 'Iogonek', į: 'iogonek', İ: 'Idotaccent', ı: 'dotlessi',
  Ķ: 'Kcommaaccent', ķ: 'kcommaaccent', Ĺ: 'Lacute', ĺ: 'lacute', Ļ: 'Lcommaaccent',
  ļ: 'lcommaaccent', Ľ: 'Lcaron', ľ: 'lcaron', Ł: 'Lslash', ł: 'lslash', Ń: 'Nacute', ń: 'nacute',
  Ņ: 'Ncommaaccent', ņ: 'ncommaaccent', Ň: 'Ncaron', ň: 'ncaron', Ō: 'Omacron', ō: 'omacron',
  Ő: 'Ohungarumlaut', ő: 'ohungarumlaut', Ŕ: 'Racute', ŕ: 'racute', Ŗ: 'Rcommaaccent',
  ŗ: 'rcommaaccent', Ř: 'Rcaron', ř: 'rcaron', Ś: 'Sacute', ś: 'sacute', Ş: 'Scedilla',
  ş: 'scedilla', Ș: 'Scommaaccent', ș: 'scommaaccent', Ţ: 'Tcommaaccent', ţ: 'tcommaaccent',
  Ť: 'Tcaron', ť: 'tcaron', Ū: 'Umacron', ū: 'umacron', Ů: 'Uring', ů: 'uring',
  Ű: 'Uhungarumlaut', ű: 'uhungarumlaut', Ų: 'Uogonek', ų: 'uogonek', Ź: 'Zacute', ź: 'zacute',
  Ż: 'Zdotaccent', ż: 'zdotaccent',
});
/** The extra font's codes start here (printable ASCII codes, renamed by /Differences). */
const FIRST_EXTRA = 33;
const extraByte = new Map(extraGlyphs.map(([ch], i) => [ch, FIRST_EXTRA + i]));
const extraEncoding = `<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${FIRST_EXTRA} ${extraGlyphs
  .map(([, name]) => `/${name}`)
  .join(' ')}] >>`;

const escaped = (bytes: number[]) =>
  bytes
    .map((b) => String.fromCharCode(b))
    .map((c) => (c === '(' || c === ')' || c === '\\' ? `\\${c}` : c))
    .join('');

/**
 * The text as runs of one font each: WinAnsi (`extra` false) or the Latin Extended-A font; a
 * character in neither is "?".
 */
const runsOf = (text: string): { extra: boolean; bytes: number[] }[] => {
  const runs: { extra: boolean; bytes: number[] }[] = [];
  for (const ch of text.normalize('NFC')) {
    const ext = extraByte.get(ch);
    const extra = ext !== undefined;
    const byte = ext ?? winAnsiByte(ch) ?? 0x3f;
    const last = runs.at(-1);
    if (last?.extra === extra) last.bytes.push(byte);
    else runs.push({ extra, bytes: [byte] });
  }
  return runs;
};

/** The document title as a PDF text string: UTF-16BE with its byte order mark, in hex. */
const textString = (text: string) =>
  `<FEFF${[...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('')}>`;

const num = (n: number) => (Math.round(n * 100) / 100).toString();

export const onePagePdf = (texts: PdfText[], rules: PdfRule[] = [], title = ''): Buffer => {
  const content = [
    ...rules.map((r) => `0.8 G 0.75 w ${num(r.x1)} ${num(r.y)} m ${num(r.x2)} ${num(r.y)} l S`),
    ...texts.map((t) => {
      const font = (extra: boolean) => (extra ? (t.bold ? 'F4' : 'F3') : t.bold ? 'F2' : 'F1');
      const shown = runsOf(t.text)
        .map((r) => `/${font(r.extra)} ${num(t.size)} Tf (${escaped(r.bytes)}) Tj`)
        .join(' ');
      return `BT ${num(t.grey ?? 0)} g ${num(t.x)} ${num(t.y)} Td ${shown} ET`;
    }),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R /F3 8 0 R /F4 9 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${textString(title)} /Producer (Proofmark) >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding ${extraEncoding} >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding ${extraEncoding} >>`,
  ];
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};
