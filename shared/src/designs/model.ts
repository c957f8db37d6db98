import * as z from 'zod';

/**
 * A certificate design as data (certificate-operations §2.3): a page and positioned elements, in
 * millimetres from the page's top-left corner. The renderer (functions/src/render/) turns a design
 * plus one recipient into the printed page; the designer screen edits the same object. Recipient
 * data enters only through placeholders (`{{firstname}}`, `{{Programme}}`) bound to the cohort's
 * sheet columns, so a design never holds a recipient's values.
 */

/** The fonts we ship (functions/src/render/fonts.ts inlines each); every stack ends in Devanagari. */
export const DESIGN_FONTS = [
  'EB Garamond',
  'Cinzel',
  'Source Sans 3',
  'Playfair Display',
  'Great Vibes',
  'Noto Sans Devanagari',
] as const;
export type DesignFont = (typeof DESIGN_FONTS)[number];

/** Page sizes in mm, landscape (width > height). Badge is the square image of an open badge. */
export const PAGE_SIZES = {
  A4: { width: 297, height: 210 },
  Letter: { width: 279.4, height: 215.9 },
  Badge: { width: 120, height: 120 },
} as const;
export type PageSize = keyof typeof PAGE_SIZES;

export const pageDimensions = (page: { size: PageSize; orientation: 'landscape' | 'portrait' }) => {
  const { width, height } = PAGE_SIZES[page.size];
  return page.orientation === 'portrait' ? { width: height, height: width } : { width, height };
};

/** Built-in placeholders (besides the cohort's own sheet columns), with the label the editor shows. */
export const BUILT_IN_FIELDS = {
  name: 'Full name',
  firstname: 'First Name',
  middlename: 'Middle Name',
  lastname: 'Last Name',
  studentid: 'Student ID',
  email: 'Email',
  date: 'Date of issue',
  certificateid: 'Certificate No.',
  organisation: 'Organisation name',
  verifyhost: 'Verifier address',
  achievement: 'Badge achievement name',
} as const;
export type BuiltInField = keyof typeof BUILT_IN_FIELDS;

/** `{{ key }}`: a built-in field or a sheet column's header (matched without regard to case). */
export const PLACEHOLDER = /\{\{\s*([^{}\n]{1,60}?)\s*\}\}/g;
export const placeholdersIn = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)].map((m) => (m[1] as string).trim());
/** How placeholder keys and column headers are compared: case, spaces and underscores ignored. */
export const fieldKey = (name: string) => name.toLowerCase().replace(/[\s_]+/g, '');

/** Ornaments drawn by the renderer as vector art, sized to their element's box. */
export const ORNAMENTS = [
  'guilloche-frame',
  'double-frame',
  'corner-flourishes',
  'rosette',
  'seal',
  'divider',
  'ribbon',
  'medal',
  'laurel',
] as const;

export const MAX_ELEMENTS = 60;
export const MAX_TEXT = 1000;
/** The whole design as JSON; image bytes are stored apart (design images), so designs stay small. */
export const MAX_DESIGN_BYTES = 64 * 1024;
/** How far (mm) an element may stick out over the page edge (bleed of frames and bands). */
const EDGE_TOLERANCE_MM = 1;

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #rrggbb.');
const mm = z.number().finite().min(-1000).max(1000);
const size = z.number().finite().min(0.1).max(1000);
/** A stored design image: `img-` and the SHA-256 of its bytes (the same image is stored once). */
export const imageAssetId = z.string().regex(/^img-[0-9a-f]{64}$/, 'Unknown image.');

const box = {
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'An element id is 1–40 letters, digits, - or _.'),
  x: mm,
  y: mm,
  width: size,
  height: size,
  rotation: z.number().finite().min(-360).max(360).default(0),
};

export const textElement = z.object({
  ...box,
  kind: z.literal('text'),
  text: z.string().max(MAX_TEXT),
  /** Checked against DESIGN_FONTS by designProblems, so the answer names the element. */
  font: z.string().max(60),
  /** points */
  size: z.number().finite().min(4).max(200),
  weight: z.union([z.literal(400), z.literal(500), z.literal(600), z.literal(700)]).default(400),
  italic: z.boolean().default(false),
  colour,
  align: z.enum(['left', 'center', 'right']).default('center'),
  /** em */
  letterSpacing: z.number().finite().min(-0.2).max(1).default(0),
  uppercase: z.boolean().default(false),
  lineHeight: z.number().finite().min(0.8).max(3).default(1.25),
  /** `shrink`: one line, made smaller to fit the box (names); `wrap`: lines, smaller when they overflow. */
  fit: z.enum(['shrink', 'wrap']).default('wrap'),
});
export const imageElement = z.object({
  ...box,
  kind: z.literal('image'),
  asset: imageAssetId,
  fit: z.enum(['contain', 'cover']).default('contain'),
  opacity: z.number().min(0).max(1).default(1),
});
/** The organisation's logo from its settings (a monogram of its initials when there is none). */
export const logoElement = z.object({ ...box, kind: z.literal('logo'), colour: colour.default('#1d2b4f') });
/** One of the partner signatories of Setting → partner (0–2), or the organisation's own signature (0 without partners). */
export const signatureElement = z.object({
  ...box,
  kind: z.literal('signature'),
  signatory: z.number().int().min(0).max(2),
  colour: colour.default('#222222'),
});
export const qrElement = z.object({
  ...box,
  kind: z.literal('qr'),
  colour: colour.default('#111111'),
  caption: z.boolean().default(true),
});
/** The recipient's photo (uploaded per student); left empty for rows without one. */
export const photoElement = z.object({ ...box, kind: z.literal('photo'), colour: colour.default('#8f7a45') });
/** Up to four of the row's extra sheet columns as label / value pairs, as the fixed designs showed them. */
export const detailsElement = z.object({
  ...box,
  kind: z.literal('details'),
  colour: colour.default('#333333'),
  accent: colour.default('#7d6b47'),
});
export const ornamentElement = z.object({
  ...box,
  kind: z.literal('ornament'),
  ornament: z.enum(ORNAMENTS),
  colour,
  accent: colour.optional(),
  opacity: z.number().min(0).max(1).default(1),
});
export const shapeElement = z.object({
  ...box,
  kind: z.literal('shape'),
  shape: z.enum(['rect', 'ellipse', 'line']),
  fill: colour.optional(),
  stroke: colour.optional(),
  strokeWidth: z.number().min(0).max(20).default(0.5),
  radius: z.number().min(0).max(100).default(0),
  opacity: z.number().min(0).max(1).default(1),
});

export const designElement = z.discriminatedUnion('kind', [
  textElement,
  imageElement,
  logoElement,
  signatureElement,
  qrElement,
  photoElement,
  detailsElement,
  ornamentElement,
  shapeElement,
]);
export type DesignElement = z.infer<typeof designElement>;
export type DesignElementInput = z.input<typeof designElement>;
export type ElementKind = DesignElement['kind'];

/** What an open-badge design sets on the OB 3.0 achievement that Bake issues. */
export const badgeAchievement = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
  criteria: z.string().trim().max(2000).default(''),
});
export type BadgeAchievement = z.infer<typeof badgeAchievement>;

export const design = z.object({
  schema: z.literal(1).default(1),
  name: z.string().trim().min(1).max(100),
  page: z.object({
    size: z.enum(['A4', 'Letter', 'Badge']),
    orientation: z.enum(['landscape', 'portrait']),
  }),
  background: z
    .object({
      colour: colour.default('#ffffff'),
      /** a second colour: a soft radial gradient from `colour` in the middle to this at the edges */
      gradient: colour.optional(),
      image: imageAssetId.optional(),
    })
    .default({ colour: '#ffffff' }),
  elements: z.array(designElement).max(MAX_ELEMENTS, `A design has at most ${MAX_ELEMENTS} elements.`),
  badge: badgeAchievement.optional(),
});
export type Design = z.infer<typeof design>;
export type DesignInput = z.input<typeof design>;

export interface DesignProblem {
  /** `elements.<i>` or `design` */
  path: string;
  message: string;
}

const knownFont = (f: string): f is DesignFont => (DESIGN_FONTS as readonly string[]).includes(f);

/**
 * What is wrong with a parsed design, each problem naming its element: an element off the page, a
 * font we do not ship, a placeholder that is neither built in nor one of `columns` (the cohort's
 * sheet columns; unchecked when undefined), two elements with one id, a design over its size bound.
 */
export const designProblems = (d: Design, columns?: readonly string[]): DesignProblem[] => {
  const problems: DesignProblem[] = [];
  if (JSON.stringify(d).length > MAX_DESIGN_BYTES)
    problems.push({ path: 'design', message: `The design is larger than ${MAX_DESIGN_BYTES / 1024} kB.` });
  const page = pageDimensions(d.page);
  const known = new Set([...Object.keys(BUILT_IN_FIELDS), ...(columns ?? [])].map(fieldKey));
  const seen = new Set<string>();
  d.elements.forEach((el, i) => {
    const path = `elements.${i}`;
    const name = `Element "${el.id}"`;
    if (seen.has(el.id)) problems.push({ path, message: `${name} is not the only element with that id.` });
    seen.add(el.id);
    const t = EDGE_TOLERANCE_MM;
    if (el.x < -t || el.y < -t || el.x + el.width > page.width + t || el.y + el.height > page.height + t)
      problems.push({ path, message: `${name} is off the page.` });
    if (el.kind !== 'text') return;
    if (!knownFont(el.font))
      problems.push({ path: `${path}.font`, message: `${name} uses the font "${el.font}", which we do not ship.` });
    if (columns)
      for (const p of placeholdersIn(el.text))
        if (!known.has(fieldKey(p)))
          problems.push({
            path: `${path}.text`,
            message: `${name} uses the placeholder {{${p}}}, which is not a column of this cohort.`,
          });
  });
  return problems;
};

/** Element ids for new elements: the kind and the first free number. */
export const newElementId = (d: Pick<Design, 'elements'>, kind: string) => {
  const ids = new Set(d.elements.map((e) => e.id));
  for (let n = 1; ; n++) if (!ids.has(`${kind}-${n}`)) return `${kind}-${n}`;
};
