import type { CertificateType } from '@proofmark/shared/certificate-types';
import { design as designSchema, type Design, type DesignElementInput } from '@proofmark/shared/designs/model';
import { shade } from '../../render/colour';
import { KINDS, type Kind, type PrintableType } from '../../render/kinds';

/**
 * The gallery (§2.3 step 1): numbered designs of the family 1–212, each built for a certificate
 * type from that type's wording and palette (render/kinds.ts), so one design serves every type it
 * suits. Design 1 is the look every certificate had before designs were data; it is what a cohort
 * without a saved design is issued with. 9, 44 and 45 are open-badge designs (square badge images
 * with the OB 3.0 achievement). Everything here is a design in the model, rendered by the one renderer.
 */

export interface GalleryDesign {
  number: number;
  name: string;
  /** the certificate types it is offered for */
  suits: readonly CertificateType[];
  build: (type: CertificateType) => Design;
}

type Els = DesignElementInput[];
const ALL: PrintableType[] = Object.keys(KINDS) as PrintableType[];
const LETTERS: PrintableType[] = ['bonafide', 'relieving', 'migration', 'transfer', 'or'];
const RECORDS: PrintableType[] = ['transcript', 'semesterwisegradecard', 'or'];
const HONOURS: PrintableType[] = ['degree', 'awards', 'medal'];

/** A text element; sizes in mm, font size in pt. */
const text = (
  id: string,
  x: number,
  y: number,
  width: number,
  height: number,
  value: string,
  font: string,
  size: number,
  colour: string,
  more: Partial<Extract<DesignElementInput, { kind: 'text' }>> = {},
): DesignElementInput => ({ kind: 'text', id, x, y, width, height, text: value, font, size, colour, ...more });

const qr = (x: number, y: number, size: number, colour = '#111111'): DesignElementInput => ({
  kind: 'qr',
  id: 'qr',
  x,
  y,
  width: size,
  height: size + 11,
  colour,
});
const signatures = (x: number, y: number, width: number, count: number, colour: string): Els =>
  Array.from({ length: count }, (_, i) => ({
    kind: 'signature' as const,
    id: `signature-${i + 1}`,
    x: x + i * width,
    y,
    width,
    height: 28,
    signatory: i,
    colour,
  }));
const dateAndNumber = (x: number, y: number, accent: string, align: 'left' | 'right' = 'left'): Els => [
  text('date-label', x, y, 60, 4, 'Date of issue', 'Source Sans 3', 6.8, accent, { uppercase: true, letterSpacing: 0.18, align }),
  text('date', x, y + 4, 60, 6, '{{date}}', 'EB Garamond', 11, '#222222', { align }),
  text('number-label', x, y + 11, 60, 4, 'Certificate No.', 'Source Sans 3', 6.8, accent, { uppercase: true, letterSpacing: 0.18, align }),
  text('number', x, y + 15, 60, 6, '{{certificateid}}', 'EB Garamond', 9, '#222222', { align, fit: 'shrink' }),
];
const parse = (d: unknown): Design => designSchema.parse(d);

/** Kind wording for a type; open badges borrow the award's. */
const kindOf = (type: CertificateType): Kind => KINDS[type === 'openbadges' ? 'awards' : type];

// ——— the designs ———

/** 1 Heritage: guilloche border, rosette watermark, seal — the fixed design of before. */
const heritage = (type: CertificateType): Design => {
  const k = kindOf(type);
  return parse({
    name: 'Heritage',
    page: { size: 'A4', orientation: 'landscape' },
    background: { colour: '#fffdf7', gradient: '#f3ead6' },
    elements: [
      { kind: 'ornament', id: 'watermark', ornament: 'rosette', x: 82.5, y: 40, width: 132, height: 132, colour: k.ink, accent: k.metal, opacity: 0.18 },
      { kind: 'ornament', id: 'frame', ornament: 'guilloche-frame', x: 0, y: 0, width: 297, height: 210, colour: k.ink, accent: k.metal },
      { kind: 'logo', id: 'logo', x: 118.5, y: 22, width: 60, height: 17, colour: k.ink },
      text('organisation', 26, 41, 245, 10, '{{organisation}}', 'Cinzel', 19, k.ink, { weight: 700, letterSpacing: 0.06, fit: 'shrink' }),
      text('title', 26, 54, 245, 13, k.title, 'Cinzel', 26, shade(k.metal, -0.25), { weight: 500, letterSpacing: 0.12, fit: 'shrink' }),
      { kind: 'ornament', id: 'divider', ornament: 'divider', x: 103.5, y: 68, width: 90, height: 4, colour: k.metal },
      text('preamble', 26, 76, 245, 8, k.preamble, 'EB Garamond', 14.5, '#4a4a4a', { italic: true }),
      text('name', 41, 85, 215, 17, '{{name}}', 'EB Garamond', 40, k.ink, { weight: 600, italic: true, fit: 'shrink' }),
      { kind: 'shape', id: 'name-rule', shape: 'line', x: 58.5, y: 102, width: 180, height: 0.6, stroke: k.metal, strokeWidth: 0.25 },
      text('description', 41, 105, 215, 20, k.description, 'EB Garamond', 15, '#333333', { lineHeight: 1.35 }),
      { kind: 'details', id: 'details', x: 26, y: 126, width: 245, height: 8, accent: shade(k.metal, -0.3) },
      ...(k.seal
        ? [{ kind: 'ornament' as const, id: 'seal', ornament: 'seal' as const, x: 28, y: 138, width: 25, height: 25, colour: k.metal }]
        : []),
      ...dateAndNumber(28, 164, shade(k.metal, -0.3)),
      ...signatures(75, 152, 49, 3, k.ink),
      qr(246, 150, 25, '#111111'),
    ],
  });
};

/** 2 Meridian: a modern page with a dark band on the left. */
const meridian = (type: CertificateType): Design => {
  const k = kindOf(type);
  return parse({
    name: 'Meridian',
    page: { size: 'A4', orientation: 'landscape' },
    background: { colour: '#ffffff' },
    elements: [
      { kind: 'shape', id: 'band', shape: 'rect', x: 0, y: 0, width: 62, height: 210, fill: k.ink },
      { kind: 'shape', id: 'band-rule', shape: 'rect', x: 62, y: 0, width: 2.2, height: 210, fill: k.metal },
      text('band-text', 8, 80, 46, 60, k.title, 'Playfair Display', 20, '#ffffff', { weight: 700, align: 'left', lineHeight: 1.15 }),
      { kind: 'logo', id: 'logo', x: 230, y: 18, width: 48, height: 18, colour: k.ink },
      text('organisation', 82, 20, 140, 9, '{{organisation}}', 'Source Sans 3', 13, k.ink, { weight: 700, uppercase: true, letterSpacing: 0.14, align: 'left', fit: 'shrink' }),
      text('preamble', 82, 62, 190, 8, k.preamble, 'Source Sans 3', 12, '#555555', { align: 'left' }),
      text('name', 82, 72, 195, 20, '{{name}}', 'Playfair Display', 38, '#1b1b1b', { italic: true, align: 'left', fit: 'shrink' }),
      { kind: 'shape', id: 'name-rule', shape: 'rect', x: 82, y: 94, width: 40, height: 1.2, fill: k.metal },
      text('description', 82, 99, 190, 22, k.description, 'Source Sans 3', 13, '#333333', { align: 'left', lineHeight: 1.4 }),
      ...dateAndNumber(82, 128, k.metal),
      ...signatures(150, 150, 50, 2, '#222222'),
      qr(254, 152, 24, k.ink),
    ],
  });
};

/** 3 Letterhead: a formal letter on A4 portrait for administrative certificates. */
const letterhead = (type: CertificateType): Design => {
  const k = kindOf(type);
  return parse({
    name: 'Letterhead',
    page: { size: 'A4', orientation: 'portrait' },
    background: { colour: '#ffffff' },
    elements: [
      { kind: 'logo', id: 'logo', x: 20, y: 16, width: 26, height: 26, colour: k.ink },
      text('organisation', 52, 17, 138, 12, '{{organisation}}', 'Playfair Display', 20, k.ink, { weight: 700, align: 'left', fit: 'shrink' }),
      text('org-line', 52, 30, 138, 6, 'Office of the Registrar', 'Source Sans 3', 9, '#666666', { uppercase: true, letterSpacing: 0.2, align: 'left' }),
      { kind: 'shape', id: 'head-rule', shape: 'rect', x: 20, y: 46, width: 170, height: 0.8, fill: k.metal },
      text('number', 20, 52, 90, 6, 'No. {{certificateid}}', 'Source Sans 3', 8.5, '#444444', { align: 'left', fit: 'shrink' }),
      text('date', 120, 52, 70, 6, 'Date: {{date}}', 'Source Sans 3', 8.5, '#444444', { align: 'right' }),
      text('title', 20, 74, 170, 14, k.title, 'Cinzel', 20, k.ink, { weight: 700, letterSpacing: 0.08 }),
      { kind: 'ornament', id: 'divider', ornament: 'divider', x: 65, y: 89, width: 80, height: 4, colour: k.metal },
      text('preamble', 25, 104, 160, 8, k.preamble, 'EB Garamond', 13, '#333333'),
      text('name', 25, 113, 160, 14, '{{name}}', 'EB Garamond', 28, k.ink, { weight: 600, fit: 'shrink' }),
      text('student', 25, 128, 160, 7, 'Student ID {{studentid}}', 'Source Sans 3', 10, '#555555'),
      text('description', 25, 140, 160, 34, k.description, 'EB Garamond', 13.5, '#333333', { lineHeight: 1.5 }),
      { kind: 'details', id: 'details', x: 20, y: 178, width: 170, height: 9, accent: k.metal },
      text('closing', 25, 196, 160, 16, 'This certificate is issued on request for whatever purpose it may serve.', 'EB Garamond', 11.5, '#555555', { italic: true }),
      ...signatures(135, 226, 55, 1, k.ink),
      qr(22, 228, 24, '#111111'),
      { kind: 'shape', id: 'foot-rule', shape: 'rect', x: 20, y: 272, width: 170, height: 0.5, fill: k.metal },
      text('footer', 20, 275, 170, 6, 'Verify this certificate at {{verifyhost}}', 'Source Sans 3', 7.5, '#777777'),
    ],
  });
};

/** 4 Ledger: a record page on Letter portrait with the recipient's photo and their columns. */
const ledger = (type: CertificateType): Design => {
  const k = kindOf(type);
  return parse({
    name: 'Ledger',
    page: { size: 'Letter', orientation: 'portrait' },
    background: { colour: '#fbfaf6' },
    elements: [
      { kind: 'shape', id: 'header', shape: 'rect', x: 0, y: 0, width: 215.9, height: 42, fill: k.ink },
      { kind: 'logo', id: 'logo', x: 16, y: 9, width: 24, height: 24, colour: '#ffffff' },
      text('organisation', 46, 10, 150, 12, '{{organisation}}', 'Cinzel', 17, '#ffffff', { weight: 700, align: 'left', fit: 'shrink' }),
      text('title', 46, 23, 150, 10, k.title, 'Source Sans 3', 12, shade(k.metal, 0.5), { uppercase: true, letterSpacing: 0.22, align: 'left' }),
      { kind: 'photo', id: 'photo', x: 168, y: 54, width: 32, height: 40, colour: k.metal },
      text('preamble', 16, 56, 145, 7, k.preamble, 'Source Sans 3', 10.5, '#555555', { align: 'left' }),
      text('name', 16, 64, 145, 14, '{{name}}', 'Playfair Display', 26, '#1b1b1b', { weight: 700, align: 'left', fit: 'shrink' }),
      text('student', 16, 80, 145, 7, 'Student ID  {{studentid}}', 'Source Sans 3', 10.5, k.ink, { weight: 600, align: 'left' }),
      { kind: 'shape', id: 'rule', shape: 'rect', x: 16, y: 102, width: 184, height: 0.6, fill: k.metal },
      { kind: 'details', id: 'details', x: 16, y: 108, width: 184, height: 12, accent: k.metal },
      { kind: 'shape', id: 'rule-2', shape: 'rect', x: 16, y: 124, width: 184, height: 0.6, fill: k.metal },
      text('description', 16, 132, 184, 30, k.description, 'EB Garamond', 13, '#333333', { align: 'left', lineHeight: 1.5 }),
      ...dateAndNumber(16, 180, k.metal),
      ...signatures(96, 214, 52, 2, k.ink),
      qr(170, 236, 28, k.ink),
      text('footer', 16, 262, 140, 6, 'Verify at {{verifyhost}}', 'Source Sans 3', 7.5, '#777777', { align: 'left' }),
    ],
  });
};

/** 5 Laureate: corner flourishes, a script name and a gold ribbon. */
const laureate = (type: CertificateType): Design => {
  const k = kindOf(type);
  return parse({
    name: 'Laureate',
    page: { size: 'A4', orientation: 'landscape' },
    background: { colour: '#fffef9', gradient: '#f6efdc' },
    elements: [
      { kind: 'ornament', id: 'flourishes', ornament: 'corner-flourishes', x: 8, y: 8, width: 281, height: 194, colour: k.metal, accent: k.ink },
      { kind: 'ornament', id: 'frame', ornament: 'double-frame', x: 14, y: 14, width: 269, height: 182, colour: k.metal },
      { kind: 'logo', id: 'logo', x: 133.5, y: 22, width: 30, height: 18, colour: k.ink },
      text('organisation', 30, 41, 237, 8, '{{organisation}}', 'Source Sans 3', 11, k.ink, { weight: 600, uppercase: true, letterSpacing: 0.3, fit: 'shrink' }),
      { kind: 'ornament', id: 'ribbon', ornament: 'ribbon', x: 73.5, y: 51, width: 150, height: 22, colour: k.metal, accent: '#fff6dc' },
      text('title', 88, 52, 121, 13, k.title, 'Cinzel', 17, '#ffffff', { weight: 700, letterSpacing: 0.08, fit: 'shrink' }),
      text('preamble', 30, 80, 237, 8, k.preamble, 'EB Garamond', 14, '#4a4a4a', { italic: true }),
      text('name', 36, 89, 225, 24, '{{name}}', 'Great Vibes', 50, k.ink, { fit: 'shrink' }),
      text('description', 46, 115, 205, 18, k.description, 'EB Garamond', 14, '#333333', { lineHeight: 1.35 }),
      { kind: 'ornament', id: 'seal', ornament: 'seal', x: 136, y: 134, width: 25, height: 25, colour: k.metal },
      { kind: 'qr', id: 'qr', x: 140.5, y: 163, width: 16, height: 16, colour: '#222222', caption: false },
      ...signatures(40, 136, 50, 1, k.ink),
      { ...signatures(207, 136, 50, 2, k.ink)[1]!, x: 207 },
      ...dateAndNumber(40, 168, shade(k.metal, -0.3)),
    ],
  });
};

/** 6 Gold Medal: a portrait honour with a medal and laurel. */
const goldMedal = (type: CertificateType): Design => {
  const k = kindOf(type);
  return parse({
    name: 'Gold Medal',
    page: { size: 'A4', orientation: 'portrait' },
    background: { colour: '#fffdf6', gradient: '#f2e7cc' },
    elements: [
      { kind: 'ornament', id: 'frame', ornament: 'double-frame', x: 10, y: 10, width: 190, height: 277, colour: k.ink, accent: k.metal },
      { kind: 'ornament', id: 'medal', ornament: 'medal', x: 80, y: 22, width: 50, height: 62, colour: '#b08a2e', accent: k.ink },
      { kind: 'logo', id: 'logo', x: 93, y: 31, width: 24, height: 18, colour: '#ffffff' },
      text('organisation', 20, 92, 170, 10, '{{organisation}}', 'Cinzel', 16, k.ink, { weight: 700, letterSpacing: 0.06, fit: 'shrink' }),
      text('title', 20, 106, 170, 16, k.title, 'Playfair Display', 28, shade(k.metal, -0.3), { italic: true, fit: 'shrink' }),
      { kind: 'ornament', id: 'divider', ornament: 'divider', x: 60, y: 124, width: 90, height: 4, colour: k.metal },
      text('preamble', 20, 134, 170, 8, k.preamble, 'EB Garamond', 13.5, '#4a4a4a', { italic: true }),
      text('name', 20, 144, 170, 18, '{{name}}', 'EB Garamond', 34, k.ink, { weight: 600, fit: 'shrink' }),
      { kind: 'ornament', id: 'laurel', ornament: 'laurel', x: 70, y: 160, width: 70, height: 24, colour: k.metal, accent: shade(k.metal, 0.3), opacity: 0.8 },
      text('description', 25, 186, 160, 24, k.description, 'EB Garamond', 14, '#333333', { lineHeight: 1.4 }),
      { kind: 'details', id: 'details', x: 20, y: 212, width: 170, height: 8, accent: k.metal },
      ...signatures(30, 228, 50, 1, k.ink),
      { ...signatures(130, 228, 50, 2, k.ink)[1]!, x: 130 },
      text('date', 80, 236, 50, 10, '{{date}}', 'EB Garamond', 11, '#333333'),
      qr(96.5, 256, 17, '#222222'),
    ],
  });
};

/** 7 Minimal: Letter landscape, a thin frame, plenty of white. */
const minimal = (type: CertificateType): Design => {
  const k = kindOf(type);
  return parse({
    name: 'Minimal',
    page: { size: 'Letter', orientation: 'landscape' },
    background: { colour: '#ffffff' },
    elements: [
      { kind: 'shape', id: 'frame', shape: 'rect', x: 12, y: 12, width: 255.4, height: 191.9, stroke: '#c9c9c9', strokeWidth: 0.4 },
      { kind: 'logo', id: 'logo', x: 24, y: 24, width: 40, height: 16, colour: k.ink },
      text('organisation', 140, 24, 115, 8, '{{organisation}}', 'Source Sans 3', 10, '#333333', { weight: 600, align: 'right', uppercase: true, letterSpacing: 0.16, fit: 'shrink' }),
      text('title', 24, 62, 231, 10, k.title, 'Source Sans 3', 13, k.metal, { weight: 700, uppercase: true, letterSpacing: 0.4, align: 'left' }),
      text('name', 24, 76, 231, 24, '{{name}}', 'Playfair Display', 44, '#111111', { align: 'left', fit: 'shrink' }),
      text('description', 24, 104, 180, 20, k.description, 'Source Sans 3', 12.5, '#444444', { align: 'left', lineHeight: 1.45 }),
      { kind: 'details', id: 'details', x: 24, y: 128, width: 180, height: 8, accent: k.metal },
      ...signatures(24, 160, 52, 2, '#222222'),
      ...dateAndNumber(140, 166, '#888888', 'right').map((e) => ({ ...e, x: 170 })),
      qr(237, 164, 20, '#111111'),
    ],
  });
};

/** 8 Scholar: Letter landscape, a green guilloche and Playfair headings. */
const scholar = (type: CertificateType): Design => {
  const ink = '#1f3d2e';
  const metal = '#8f7a45';
  const k = kindOf(type);
  return parse({
    name: 'Scholar',
    page: { size: 'Letter', orientation: 'landscape' },
    background: { colour: '#fcfdf8', gradient: '#eef1e4' },
    elements: [
      { kind: 'ornament', id: 'frame', ornament: 'guilloche-frame', x: 0, y: 0, width: 279.4, height: 215.9, colour: ink, accent: metal },
      { kind: 'logo', id: 'logo', x: 24, y: 24, width: 28, height: 28, colour: ink },
      text('organisation', 58, 26, 196, 11, '{{organisation}}', 'Playfair Display', 20, ink, { weight: 700, align: 'left', fit: 'shrink' }),
      text('org-line', 58, 38, 196, 6, 'Office of the Controller of Examinations', 'Source Sans 3', 8.5, '#5b6b5f', { uppercase: true, letterSpacing: 0.2, align: 'left' }),
      text('title', 24, 60, 231, 14, k.title, 'Playfair Display', 28, metal, { italic: true }),
      text('preamble', 24, 80, 231, 8, k.preamble, 'EB Garamond', 14, '#4a4a4a'),
      text('name', 34, 89, 211, 18, '{{name}}', 'Cinzel', 30, ink, { weight: 700, fit: 'shrink' }),
      text('description', 40, 110, 199, 20, k.description, 'EB Garamond', 14, '#333333', { lineHeight: 1.35 }),
      { kind: 'details', id: 'details', x: 24, y: 132, width: 231, height: 8, accent: metal },
      ...dateAndNumber(26, 166, metal),
      ...signatures(90, 160, 50, 2, ink),
      qr(228, 158, 24, ink),
    ],
  });
};

/** 10 Registrar: a Letter portrait letter with the recipient's photo (transfer, migration). */
const registrar = (type: CertificateType): Design => {
  const k = kindOf(type);
  return parse({
    name: 'Registrar',
    page: { size: 'Letter', orientation: 'portrait' },
    background: { colour: '#ffffff' },
    elements: [
      { kind: 'ornament', id: 'frame', ornament: 'double-frame', x: 8, y: 8, width: 199.9, height: 263.4, colour: k.ink, accent: k.metal },
      { kind: 'logo', id: 'logo', x: 92.95, y: 18, width: 30, height: 22, colour: k.ink },
      text('organisation', 20, 42, 175.9, 10, '{{organisation}}', 'Cinzel', 16, k.ink, { weight: 700, fit: 'shrink' }),
      { kind: 'shape', id: 'rule', shape: 'rect', x: 20, y: 55, width: 175.9, height: 0.6, fill: k.metal },
      text('title', 20, 64, 175.9, 12, k.title, 'Source Sans 3', 15, k.ink, { weight: 700, uppercase: true, letterSpacing: 0.24 }),
      { kind: 'photo', id: 'photo', x: 160, y: 82, width: 30, height: 38, colour: k.metal },
      text('preamble', 24, 86, 130, 7, k.preamble, 'EB Garamond', 12.5, '#444444', { align: 'left' }),
      text('name', 24, 94, 130, 13, '{{name}}', 'EB Garamond', 24, '#111111', { weight: 600, align: 'left', fit: 'shrink' }),
      text('student', 24, 108, 130, 7, 'Student ID {{studentid}}', 'Source Sans 3', 10, '#555555', { align: 'left' }),
      text('description', 24, 128, 168, 32, k.description, 'EB Garamond', 13, '#333333', { align: 'left', lineHeight: 1.5 }),
      { kind: 'details', id: 'details', x: 20, y: 164, width: 175.9, height: 9, accent: k.metal },
      ...dateAndNumber(24, 190, k.metal),
      ...signatures(140, 200, 52, 1, k.ink),
      qr(24, 226, 22, '#111111'),
    ],
  });
};

/** 11 Horizon: coloured bands top and bottom, everything centred. */
const horizon = (type: CertificateType): Design => {
  const k = kindOf(type);
  return parse({
    name: 'Horizon',
    page: { size: 'A4', orientation: 'landscape' },
    background: { colour: '#ffffff' },
    elements: [
      { kind: 'shape', id: 'top-band', shape: 'rect', x: 0, y: 0, width: 297, height: 16, fill: k.ink },
      { kind: 'shape', id: 'top-line', shape: 'rect', x: 0, y: 16, width: 297, height: 1.5, fill: k.metal },
      { kind: 'shape', id: 'bottom-line', shape: 'rect', x: 0, y: 192.5, width: 297, height: 1.5, fill: k.metal },
      { kind: 'shape', id: 'bottom-band', shape: 'rect', x: 0, y: 194, width: 297, height: 16, fill: k.ink },
      { kind: 'logo', id: 'logo', x: 133.5, y: 26, width: 30, height: 20, colour: k.ink },
      text('organisation', 30, 48, 237, 9, '{{organisation}}', 'Source Sans 3', 14, k.ink, { weight: 700, uppercase: true, letterSpacing: 0.18, fit: 'shrink' }),
      text('title', 30, 62, 237, 16, k.title, 'Playfair Display', 32, '#1b1b1b', { weight: 700, fit: 'shrink' }),
      text('preamble', 30, 84, 237, 8, k.preamble, 'Source Sans 3', 12, '#666666'),
      text('name', 40, 93, 217, 20, '{{name}}', 'Playfair Display', 38, k.metal, { italic: true, fit: 'shrink' }),
      text('description', 50, 116, 197, 18, k.description, 'Source Sans 3', 12.5, '#444444', { lineHeight: 1.45 }),
      { kind: 'details', id: 'details', x: 30, y: 136, width: 237, height: 8, accent: k.metal },
      ...signatures(60, 150, 60, 3, '#222222').map((s, i) => ({ ...s, x: 48 + i * 68 })),
      ...dateAndNumber(22, 164, k.metal),
      qr(254, 154, 22, k.ink),
    ],
  });
};

/** 12 Crest: a large logo, a watermark and Cinzel throughout. */
const crest = (type: CertificateType): Design => {
  const k = kindOf(type);
  return parse({
    name: 'Crest',
    page: { size: 'A4', orientation: 'landscape' },
    background: { colour: '#fbf8f1' },
    elements: [
      { kind: 'ornament', id: 'watermark', ornament: 'rosette', x: 88.5, y: 45, width: 120, height: 120, colour: k.ink, accent: k.metal, opacity: 0.12 },
      { kind: 'ornament', id: 'frame', ornament: 'double-frame', x: 9, y: 9, width: 279, height: 192, colour: k.ink, accent: k.metal },
      { kind: 'logo', id: 'logo', x: 128.5, y: 18, width: 40, height: 30, colour: k.ink },
      text('organisation', 26, 50, 245, 12, '{{organisation}}', 'Cinzel', 22, k.ink, { weight: 700, letterSpacing: 0.05, fit: 'shrink' }),
      text('title', 26, 66, 245, 10, k.title, 'Cinzel', 14, k.metal, { weight: 500, letterSpacing: 0.3, fit: 'shrink' }),
      text('preamble', 26, 84, 245, 8, k.preamble, 'EB Garamond', 14, '#4a4a4a', { italic: true }),
      text('name', 36, 93, 225, 18, '{{name}}', 'Cinzel', 32, '#1b1b1b', { weight: 500, fit: 'shrink' }),
      { kind: 'ornament', id: 'divider', ornament: 'divider', x: 98.5, y: 112, width: 100, height: 4, colour: k.metal },
      text('description', 46, 118, 205, 18, k.description, 'EB Garamond', 14, '#333333', { lineHeight: 1.35 }),
      { kind: 'details', id: 'details', x: 26, y: 138, width: 245, height: 8, accent: k.metal },
      ...signatures(60, 156, 60, 3, k.ink).map((s, i) => ({ ...s, x: 62 + i * 60, width: 52 })),
      ...dateAndNumber(22, 166, k.metal),
      qr(250, 156, 22, k.ink),
    ],
  });
};

/** 13 Semester: an A4 portrait grade card with the photo, the row's columns and a QR. */
const semester = (type: CertificateType): Design => {
  const k = kindOf(type);
  return parse({
    name: 'Semester',
    page: { size: 'A4', orientation: 'portrait' },
    background: { colour: '#ffffff' },
    elements: [
      { kind: 'shape', id: 'outline', shape: 'rect', x: 10, y: 10, width: 190, height: 277, stroke: k.ink, strokeWidth: 0.8 },
      { kind: 'logo', id: 'logo', x: 18, y: 16, width: 24, height: 24, colour: k.ink },
      text('organisation', 46, 16, 150, 11, '{{organisation}}', 'Source Sans 3', 17, k.ink, { weight: 700, align: 'left', fit: 'shrink' }),
      text('title', 46, 28, 150, 8, k.title, 'Source Sans 3', 11, k.metal, { weight: 600, uppercase: true, letterSpacing: 0.2, align: 'left' }),
      { kind: 'shape', id: 'band', shape: 'rect', x: 10, y: 46, width: 190, height: 10, fill: k.ink },
      text('band-text', 16, 46, 178, 10, 'Statement of grades', 'Source Sans 3', 9.5, '#ffffff', { weight: 600, uppercase: true, letterSpacing: 0.2, align: 'left' }),
      { kind: 'photo', id: 'photo', x: 164, y: 64, width: 28, height: 35, colour: k.ink },
      text('name-label', 18, 64, 140, 5, 'Name', 'Source Sans 3', 7.5, '#777777', { uppercase: true, letterSpacing: 0.16, align: 'left' }),
      text('name', 18, 69, 140, 11, '{{name}}', 'Source Sans 3', 18, '#111111', { weight: 700, align: 'left', fit: 'shrink' }),
      text('student-label', 18, 84, 70, 5, 'Student ID', 'Source Sans 3', 7.5, '#777777', { uppercase: true, letterSpacing: 0.16, align: 'left' }),
      text('student', 18, 89, 70, 7, '{{studentid}}', 'Source Sans 3', 12, '#111111', { align: 'left' }),
      text('date-label', 92, 84, 66, 5, 'Date of issue', 'Source Sans 3', 7.5, '#777777', { uppercase: true, letterSpacing: 0.16, align: 'left' }),
      text('date', 92, 89, 66, 7, '{{date}}', 'Source Sans 3', 12, '#111111', { align: 'left' }),
      { kind: 'shape', id: 'rule', shape: 'rect', x: 18, y: 106, width: 174, height: 0.4, fill: '#bbbbbb' },
      { kind: 'details', id: 'details', x: 18, y: 110, width: 174, height: 14, accent: k.metal },
      { kind: 'shape', id: 'rule-2', shape: 'rect', x: 18, y: 128, width: 174, height: 0.4, fill: '#bbbbbb' },
      text('description', 18, 136, 174, 24, k.description, 'EB Garamond', 12.5, '#333333', { align: 'left', lineHeight: 1.45 }),
      text('number', 18, 166, 174, 6, 'Certificate No. {{certificateid}}', 'Source Sans 3', 8.5, '#555555', { align: 'left', fit: 'shrink' }),
      ...signatures(110, 226, 45, 2, k.ink),
      qr(20, 226, 26, '#111111'),
    ],
  });
};

// ——— open-badge designs (square badge images; §2.3: 9, 44, 45) ———

const badge = (name: string, elements: Els, achievement: string, background = '#ffffff'): Design =>
  parse({
    name,
    page: { size: 'Badge', orientation: 'landscape' },
    background: { colour: background },
    elements,
    badge: {
      name: achievement,
      description: 'Awarded for outstanding achievement.',
      criteria: 'Completed every requirement set by the issuer.',
    },
  });

const achievementBadge = (): Design =>
  badge(
    'Achievement Badge',
    [
      { kind: 'ornament', id: 'medal', ornament: 'medal', x: 20, y: 6, width: 80, height: 108, colour: '#b08a2e', accent: '#1d2b4f' },
      { kind: 'logo', id: 'logo', x: 45, y: 16, width: 30, height: 18, colour: '#ffffff' },
      text('achievement', 32, 38, 56, 22, '{{achievement}}', 'Cinzel', 11, '#ffffff', { weight: 700, lineHeight: 1.1 }),
      text('organisation', 32, 61, 56, 6, '{{organisation}}', 'Source Sans 3', 5.5, '#fff6dc', { uppercase: true, letterSpacing: 0.1, fit: 'shrink' }),
    ],
    'Certificate of Achievement',
    '#ffffff',
  );

const ribbonBadge = (): Design =>
  badge(
    'Ribbon Badge',
    [
      { kind: 'shape', id: 'disc', shape: 'ellipse', x: 6, y: 6, width: 108, height: 108, fill: '#1f3d2e', stroke: '#8f7a45', strokeWidth: 2 },
      { kind: 'shape', id: 'ring', shape: 'ellipse', x: 14, y: 14, width: 92, height: 92, stroke: '#d8c58f', strokeWidth: 0.6 },
      { kind: 'logo', id: 'logo', x: 45, y: 20, width: 30, height: 20, colour: '#ffffff' },
      { kind: 'ornament', id: 'ribbon', ornament: 'ribbon', x: 4, y: 48, width: 112, height: 26, colour: '#8f7a45', accent: '#fff6dc' },
      text('achievement', 20, 49, 80, 17, '{{achievement}}', 'Playfair Display', 11, '#ffffff', { weight: 700, fit: 'shrink' }),
      text('organisation', 22, 80, 76, 8, '{{organisation}}', 'Source Sans 3', 6.5, '#f1ead2', { uppercase: true, letterSpacing: 0.12, fit: 'shrink' }),
    ],
    'Course Completion',
  );

const shieldBadge = (): Design =>
  badge(
    'Laurel Badge',
    [
      { kind: 'shape', id: 'tile', shape: 'rect', x: 10, y: 10, width: 100, height: 100, radius: 18, fill: '#5a1f2b', stroke: '#a8843a', strokeWidth: 1.6 },
      { kind: 'ornament', id: 'laurel', ornament: 'laurel', x: 18, y: 24, width: 84, height: 76, colour: '#d9b96a', accent: '#a8843a' },
      { kind: 'logo', id: 'logo', x: 47, y: 22, width: 26, height: 18, colour: '#ffffff' },
      text('achievement', 26, 44, 68, 26, '{{achievement}}', 'Cinzel', 10, '#ffffff', { weight: 700, lineHeight: 1.15 }),
      text('organisation', 26, 76, 68, 6, '{{organisation}}', 'Source Sans 3', 5.5, '#f1e3c0', { uppercase: true, letterSpacing: 0.1, fit: 'shrink' }),
    ],
    'Excellence Award',
  );

const certificateDesign = (
  number: number,
  name: string,
  suits: readonly PrintableType[],
  build: (type: CertificateType) => Design,
): GalleryDesign => ({ number, name, suits, build });

export const GALLERY: readonly GalleryDesign[] = [
  certificateDesign(1, 'Heritage', ALL, heritage),
  certificateDesign(2, 'Meridian', ALL, meridian),
  certificateDesign(3, 'Letterhead', [...LETTERS, ...RECORDS], letterhead),
  certificateDesign(4, 'Ledger', [...RECORDS, 'bonafide'], ledger),
  certificateDesign(5, 'Laureate', [...HONOURS, 'or'], laureate),
  certificateDesign(6, 'Gold Medal', HONOURS, goldMedal),
  certificateDesign(7, 'Minimal', ALL, minimal),
  certificateDesign(8, 'Scholar', ['degree', 'awards', 'transcript', 'semesterwisegradecard', 'or'], scholar),
  { number: 9, name: 'Achievement Badge', suits: ['openbadges'], build: achievementBadge },
  certificateDesign(10, 'Registrar', [...LETTERS, 'semesterwisegradecard'], registrar),
  certificateDesign(11, 'Horizon', ALL, horizon),
  certificateDesign(12, 'Crest', ALL, crest),
  certificateDesign(13, 'Semester', [...RECORDS, 'bonafide'], semester),
  { number: 44, name: 'Ribbon Badge', suits: ['openbadges'], build: ribbonBadge },
  { number: 45, name: 'Laurel Badge', suits: ['openbadges'], build: shieldBadge },
];

export const galleryDesign = (number: number) => GALLERY.find((g) => g.number === number);

/** What a cohort without a saved design is issued with: Heritage, or the first badge design. */
export const defaultDesign = (type: CertificateType): Design =>
  (type === 'openbadges' ? achievementBadge : heritage)(type);
