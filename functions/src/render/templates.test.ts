import { describe, expect, it } from 'vitest';
import { KINDS, PRINTABLE_TYPES } from './kinds';
import type { CertificateDesign, CertificateRecipient } from './model';
import { escapeHtml } from './escape-html';
import { certificateHtml, isSafeImage } from './templates';

const design = (over: Partial<CertificateDesign> = {}): CertificateDesign => ({
  type: 'degree',
  organisation: { name: 'Northfield University', subtitle: 'Est. 1901' },
  signatures: [{ name: 'A. Rao', role: 'Registrar' }],
  ...over,
});
const recipient = (over: Partial<CertificateRecipient> = {}): CertificateRecipient => ({
  name: 'Priya Sharma',
  date: '2025-03-12',
  verifyUrl: 'https://verify.example.org/c/abc123',
  ...over,
});
const textOf = (html: string, slot: string) =>
  new RegExp(`data-slot="${slot}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe('certificate templates', () => {
  it.each(PRINTABLE_TYPES)('renders %s as a self-contained A4 landscape page with its title', (type) => {
    const html = certificateHtml(design({ type }), recipient());
    expect(html).toContain(`<h1>${escapeHtml(KINDS[type].title)}</h1>`);
    expect(html).toContain('size: 297mm 210mm');
    expect(textOf(html, 'name')).toBe('Priya Sharma');
    // nothing to fetch: no http(s) URL outside the (https-only) verifier host text
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).not.toMatch(/url\((?!data:|#)/);
  });

  it('uses the design title and description when given', () => {
    const html = certificateHtml(
      design({ title: 'Diploma', description: 'has completed the course.' }),
      recipient(),
    );
    expect(html).toContain('<h1>Diploma</h1>');
    expect(textOf(html, 'description')).toBe('has completed the course.');
  });

  it('escapes every piece of recipient and issuer text', () => {
    const evil = '<img src=x onerror=alert(1)>"\'&';
    const html = certificateHtml(
      design({
        organisation: { name: evil, subtitle: evil },
        signatures: [{ name: evil, role: evil, image: `javascript:${evil}` }],
      }),
      recipient({
        name: evil,
        description: evil,
        certificateId: evil,
        details: [{ label: evil, value: evil }],
      }),
    );
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
    expect(textOf(html, 'name')).toBe(escapeHtml(evil));
  });

  it('shows only safe images: data:image URIs and https URLs', () => {
    expect(isSafeImage('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isSafeImage('https://cdn.example.org/logo.png')).toBe(true);
    expect(isSafeImage('data:text/html;base64,PHNjcmlwdD4=')).toBe(false);
    expect(isSafeImage('http://example.org/logo.png')).toBe(false);
    expect(isSafeImage('https://x.org/a.png" onload="x')).toBe(false);
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    expect(certificateHtml(design({ organisation: { name: 'N', logo } }), recipient())).toContain(
      `<img class="logo" src="${logo}"`,
    );
  });

  it('draws the verifier URL as an inline SVG QR code', () => {
    const html = certificateHtml(design(), recipient());
    expect(html).toMatch(/<svg data-slot="qr" viewBox="-2 -2 (\d+) \1"[^>]*><path fill="#111" d="M\d/);
    const other = certificateHtml(design(), recipient({ verifyUrl: 'https://verify.example.org/c/other' }));
    expect(other.match(/d="(M[^"]+)"/g)).not.toEqual(html.match(/d="(M[^"]+)"/g));
    expect(textOf(html, 'verifyHost')).toBe('verify.example.org');
  });

  it('shows at most three signatures and four details', () => {
    const sig = { name: 'S', role: 'R' };
    const html = certificateHtml(
      design({ signatures: [sig, sig, sig, sig] }),
      recipient({ details: Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, value: `V${i}` })) }),
    );
    expect(html.match(/class="sig"/g)).toHaveLength(3);
    expect(html).toContain('>V3<');
    expect(html).not.toContain('>V4<');
  });

  it('converts Kruti Dev rows to Unicode and sets Devanagari names upright', () => {
    const html = certificateHtml(design(), recipient({ name: "fo'kky dqekj", fontFlag: 'krutidev010' }));
    expect(textOf(html, 'name')).toBe('विशाल कुमार');
    expect(html).toContain('data-script="deva"');
    expect(textOf(certificateHtml(design(), recipient({ name: "fo'kky" })), 'name')).toBe('fo&#39;kky');
  });

  it('ends every font stack with the Devanagari font and inlines the fonts', () => {
    const html = certificateHtml(design(), recipient());
    const rules = html.replace(/@font-face\s*\{[^}]*\}/g, '');
    const stacks = rules.match(/font(?:-family)?:[^;{}]*'[^;{}]*;/g) ?? [];
    expect(stacks.length).toBeGreaterThan(5);
    for (const s of stacks) expect(s).toMatch(/'Noto Sans Devanagari';$/);
    expect(html).toContain("font-family: 'Noto Sans Devanagari'");
    expect(html).toMatch(/src: url\(data:font\/woff2;base64,/);
  });

  it('shrinks long names to stay on one line and formats ISO dates', () => {
    const short = certificateHtml(design(), recipient());
    const long = certificateHtml(
      design(),
      recipient({ name: 'Venkata Satya Narayana Lakshmi Prasanna Kumari Ramachandran' }),
    );
    const size = (html: string) => Number(/data-slot="name"[^>]*font-size:(\d+)pt/.exec(html)?.[1]);
    expect(size(long)).toBeLessThan(size(short));
    expect(textOf(short, 'date')).toBe('12 March 2025');
    expect(textOf(certificateHtml(design(), recipient({ date: 'Spring 2025' })), 'date')).toBe('Spring 2025');
  });
});
