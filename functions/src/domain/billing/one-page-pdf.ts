/**
 * A one-page PDF of text lines and rules, written by hand (PDF 1.4, the two standard Helvetica
 * fonts, WinAnsi encoding): a receipt needs no more, and a PDF library or the Chromium renderer
 * would weigh more than the whole billing function. Characters outside WinAnsi print as "?".
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

/** Windows-1252's characters in 0x80–0x9F that differ from Latin-1 (the ones a receipt may hold). */
const cp1252: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97, '…': 0x85 };

const byteOf = (ch: string): number => {
  const mapped = cp1252[ch];
  if (mapped !== undefined) return mapped;
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) ? code : 0x3f;
};

/** A PDF string's inside: WinAnsi bytes (as Latin-1 characters), with ( ) \\ escaped. */
const encode = (text: string): string => {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const c = String.fromCharCode(byteOf(ch));
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return out;
};

const num = (n: number) => (Math.round(n * 100) / 100).toString();

export const onePagePdf = (texts: PdfText[], rules: PdfRule[] = [], title = ''): Buffer => {
  const content = [
    ...rules.map((r) => `0.8 G 0.75 w ${num(r.x1)} ${num(r.y)} m ${num(r.x2)} ${num(r.y)} l S`),
    ...texts.map(
      (t) =>
        `BT ${num(t.grey ?? 0)} g /${t.bold ? 'F2' : 'F1'} ${num(t.size)} Tf ${num(t.x)} ${num(t.y)} Td (${encode(t.text)}) Tj ET`,
    ),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${encode(title)}) /Producer (Proofmark) >>`,
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
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};
