import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/support/pdf-text';
import { onePagePdf } from './one-page-pdf';

describe('the one-page PDF (receipts)', () => {
  it('prints Polish and other Latin Extended-A names as they are, beside Western European text', async () => {
    const names = ['Łódź Uniwersytet', 'Zażółć gęślą jaźń', 'Čeština Řeřicha Ůdolí', 'Őrség İstanbul Ģirts'];
    const pdf = onePagePdf(
      names.map((text, i) => ({ text: `${text} (€39.00)`, x: 50, y: 700 - i * 20, size: 12, bold: i === 0 })),
      [],
      'Receipt Łódź',
    );
    // PDF.js reports each font's run as its own item (pdfText joins items with spaces): compared without them.
    const text = (await pdfText(pdf)).replace(/\s/g, '');
    for (const name of names) expect(text).toContain(`${name}(€39.00)`.replace(/\s/g, ''));
  });

  it('still prints "?" for scripts the standard Helvetica has no glyphs for (CJK)', async () => {
    const text = await pdfText(onePagePdf([{ text: '東京 University', x: 50, y: 700, size: 12 }]));
    expect(text).toContain('?? University');
  });
});
