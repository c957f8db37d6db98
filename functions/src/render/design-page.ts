// A design (shared/src/designs/model.ts) as one self-contained HTML page that the renderer prints
// with Chromium and the web app can show as a preview. Every element is absolutely positioned in mm;
// everything the page needs (fonts, ornaments, images, QR code) is inline, so it renders identically
// offline. Elements that change per recipient carry `data-el` so fill.ts can refill them in place.
import { pageDimensions, type Design, type DesignElement } from '@proofmark/shared/designs/model';
import { shade } from './colour';
import { escapeHtml } from './escape-html';
import { fontFaceCss, fontStack } from './fonts';
import type { CertificateRecipient, PreparedDesign, Signature } from './model';
import { guillochePath, rosettePath, sealEdgePath } from './ornaments';
import { fieldValues, MAX_DETAILS, slotsFor, textSlot, type Slots } from './slots';

// Only images that cannot run script or leak a request to a third party by surprise.
const SAFE_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=\s]+$/;
export const isSafeImage = (src: string | undefined): src is string => !!src && SAFE_IMAGE.test(src);

const f = (n: number) => n.toFixed(2).replace(/\.?0+$/, '');

const STOP_WORDS = new Set(['of', 'the', 'and', 'for', 'in', 'at', '&']);
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => w && !STOP_WORDS.has(w.toLowerCase()));
  return words
    .slice(0, 3)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}

type El<K extends DesignElement['kind']> = Extract<DesignElement, { kind: K }>;

// Ornament paths depend only on the box size: computed once per size and process.
const pathCache = new Map<string, string>();
const cached = (key: string, make: () => string) => {
  let p = pathCache.get(key);
  if (p === undefined) pathCache.set(key, (p = make()));
  return p;
};

function ornamentSvg(el: El<'ornament'>, org: string): string {
  const { width: w, height: h, colour: c } = el;
  const a = el.accent ?? shade(c, 0.35);
  const svg = (body: string, box = `0 0 ${f(w)} ${f(h)}`) =>
    `<svg viewBox="${box}" preserveAspectRatio="none" aria-hidden="true">${body}</svg>`;
  switch (el.ornament) {
    case 'guilloche-frame': {
      const k = `${w}x${h}`;
      const guilloche = cached(`g${k}`, () => guillochePath(w, h, 11.6, 2.6));
      const corners = cached(`c${k}`, () =>
        [
          [13.6, 13.6],
          [w - 13.6, 13.6],
          [13.6, h - 13.6],
          [w - 13.6, h - 13.6],
        ]
          .map(([x, y]) => rosettePath(x as number, y as number, 5.6, 8))
          .join(''),
      );
      return svg(`<rect x="5.5" y="5.5" width="${f(w - 11)}" height="${f(h - 11)}" fill="none" stroke="${c}" stroke-width="1.4"/>
<rect x="7.4" y="7.4" width="${f(w - 14.8)}" height="${f(h - 14.8)}" fill="none" stroke="${a}" stroke-width="0.3"/>
<path d="${guilloche}" fill="none" stroke="${a}" stroke-width="0.17" opacity="0.9"/>
<rect x="16" y="16" width="${f(w - 32)}" height="${f(h - 32)}" fill="none" stroke="${a}" stroke-width="0.55"/>
<rect x="17.3" y="17.3" width="${f(w - 34.6)}" height="${f(h - 34.6)}" fill="none" stroke="${a}" stroke-width="0.18"/>
<path d="${corners}" fill="#fbf7ee" stroke="${a}" stroke-width="0.3"/>`);
    }
    case 'double-frame':
      return svg(`<rect x="1" y="1" width="${f(w - 2)}" height="${f(h - 2)}" fill="none" stroke="${c}" stroke-width="1.6"/>
<rect x="3.6" y="3.6" width="${f(w - 7.2)}" height="${f(h - 7.2)}" fill="none" stroke="${a}" stroke-width="0.4"/>`);
    case 'corner-flourishes': {
      const curl = (x: number, y: number, sx: number, sy: number) =>
        `<path transform="translate(${f(x)} ${f(y)}) scale(${sx} ${sy})" d="M0 28V6Q0 0 6 0H28M4 22V9Q4 4 9 4H22M9 9C18 9 24 14 24 24C16 24 11 18 12 12" fill="none" stroke="${c}" stroke-width="0.6"/><circle transform="translate(${f(x)} ${f(y)}) scale(${sx} ${sy})" cx="9" cy="9" r="1.6" fill="${a}"/>`;
      return svg(
        curl(2, 2, 1, 1) + curl(w - 2, 2, -1, 1) + curl(2, h - 2, 1, -1) + curl(w - 2, h - 2, -1, -1),
      );
    }
    case 'rosette': {
      const r = Math.min(w, h) / 2;
      const p1 = cached(`r1${w}x${h}`, () => rosettePath(w / 2, h / 2, r, 24));
      const p2 = cached(`r2${w}x${h}`, () => rosettePath(w / 2, h / 2, r * 0.66, 16));
      return svg(
        `<path d="${p1}" fill="none" stroke="${a}" stroke-width="0.16"/><path d="${p2}" fill="none" stroke="${c}" stroke-width="0.12"/>`,
      );
    }
    case 'seal': {
      // The ring text repeats short names to go all the way round; the size is chosen so the text
      // fits the 211-unit circumference with normal glyph shapes (Cinzel caps ≈ 0.78 em wide).
      let ring = `${org.toUpperCase()} \u00b7 `;
      while (ring.length < 30) ring += ring;
      const ringSize = Math.min(7, 211 / (ring.length * 0.78)).toFixed(2);
      const id = `seal-${escapeHtml(el.id)}`;
      return svg(
        `<defs><radialGradient id="${id}-m" cx="38%" cy="32%" r="75%">
<stop offset="0" stop-color="${shade(c, 0.55)}"/><stop offset="0.55" stop-color="${c}"/><stop offset="1" stop-color="${shade(c, -0.35)}"/>
</radialGradient><path id="${id}-r" d="M50 50m-34 0a34 34 0 1 1 68 0a34 34 0 1 1-68 0"/></defs>
<path d="${cached('seal', () => sealEdgePath(50, 50, 49))}" fill="url(#${id}-m)"/>
<circle cx="50" cy="50" r="41.5" fill="none" stroke="${shade(c, 0.6)}" stroke-width="0.8"/>
<circle cx="50" cy="50" r="27" fill="none" stroke="${shade(c, 0.6)}" stroke-width="0.8"/>
<text font-family="${escapeHtml(fontStack('Cinzel'))}" font-weight="700" font-size="${ringSize}" fill="${shade(c, -0.55)}"><textPath href="#${id}-r" textLength="211" lengthAdjust="spacing">${escapeHtml(ring)}</textPath></text>
<text x="50" y="57" text-anchor="middle" font-family="${escapeHtml(fontStack('Cinzel'))}" font-weight="700" font-size="17" fill="${shade(c, -0.55)}">${escapeHtml(initials(org))}</text>`,
        '0 0 100 100',
      ).replace('preserveAspectRatio="none"', '');
    }
    case 'divider': {
      const m = h / 2;
      const cx = w / 2;
      const d = Math.min(h / 2, 2);
      return svg(`<path d="M0 ${f(m)}H${f(cx - 7)}M${f(cx + 7)} ${f(m)}H${f(w)}" stroke="${c}" stroke-width="0.35"/>
<path d="M${f(cx)} ${f(m - d)}l${f(d)} ${f(d)}-${f(d)} ${f(d)}-${f(d)}-${f(d)}Z M${f(cx - 5)} ${f(m)}l1.1-1.1 1.1 1.1-1.1 1.1Z M${f(cx + 2.8)} ${f(m)}l1.1-1.1 1.1 1.1-1.1 1.1Z" fill="${a}"/>`);
    }
    case 'ribbon': {
      const t = h * 0.28;
      return svg(`<path d="M0 ${f(t)}H${f(t * 1.4)}V${f(h)}H0L${f(t)} ${f((t + h) / 2)}Z M${f(w)} ${f(t)}H${f(w - t * 1.4)}V${f(h)}H${f(w)}L${f(w - t)} ${f((t + h) / 2)}Z" fill="${shade(c, -0.25)}"/>
<rect x="${f(t * 0.9)}" y="0" width="${f(w - t * 1.8)}" height="${f(h - t)}" fill="${c}"/>
<path d="M${f(t * 0.9)} ${f(h - t)}L${f(t * 1.4)} ${f(h)}V${f(h - t)}Z M${f(w - t * 0.9)} ${f(h - t)}L${f(w - t * 1.4)} ${f(h)}V${f(h - t)}Z" fill="${shade(c, -0.5)}"/>
<rect x="${f(t * 0.9 + 1)}" y="1" width="${f(w - t * 1.8 - 2)}" height="${f(h - t - 2)}" fill="none" stroke="${a}" stroke-width="0.35"/>`);
    }
    case 'medal': {
      const r = Math.min(w, h * 0.72) / 2;
      const cx = w / 2;
      const cy = r + 0.5;
      return svg(`<path d="M${f(cx - r * 0.55)} ${f(cy + r * 0.5)}L${f(cx - r * 0.85)} ${f(h)}L${f(cx - r * 0.45)} ${f(h - r * 0.25)}L${f(cx - r * 0.1)} ${f(h)}L${f(cx)} ${f(cy)}Z" fill="${a}"/>
<path d="M${f(cx + r * 0.55)} ${f(cy + r * 0.5)}L${f(cx + r * 0.85)} ${f(h)}L${f(cx + r * 0.45)} ${f(h - r * 0.25)}L${f(cx + r * 0.1)} ${f(h)}L${f(cx)} ${f(cy)}Z" fill="${shade(a, -0.2)}"/>
<path d="${cached(`m${r}`, () => sealEdgePath(cx, cy, r, 40))}" fill="${c}"/>
<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.8)}" fill="none" stroke="${shade(c, 0.55)}" stroke-width="${f(r * 0.03)}"/>
<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.7)}" fill="${shade(c, 0.15)}"/>`);
    }
    case 'laurel': {
      // Two branches of leaves hanging from the box's top corners to its bottom middle, each leaf
      // along the branch's tangent, alternately inside and outside it.
      const cx = w / 2;
      const cy = h * 0.05;
      const rx = w / 2 - 2;
      const ry = h * 0.88;
      const leaf = Math.min(w / 14, h / 5);
      let leaves = '';
      for (const side of [-1, 1])
        for (let i = 0; i < 10; i++) {
          const t = ((side < 0 ? 100 + i * 9 : 80 - i * 9) * Math.PI) / 180;
          const x = cx + rx * Math.cos(t);
          const y = cy + ry * Math.sin(t);
          const tangent = (Math.atan2(ry * Math.cos(t), -rx * Math.sin(t)) * 180) / Math.PI;
          const rot = tangent + (i % 2 ? 35 : -35) * side;
          leaves += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(leaf)}" ry="${f(leaf * 0.38)}" transform="rotate(${f(rot)} ${f(x)} ${f(y)})" fill="${i % 2 ? c : a}"/>`;
        }
      return svg(leaves);
    }
  }
}

function signatureHtml(el: El<'signature'>, s: Signature | undefined): string {
  if (!s) return '';
  const image = isSafeImage(s.image) ? `<img src="${escapeHtml(s.image)}" alt="">` : '';
  return `<div class="sig-image" style="border-color:${el.colour}">${image}</div><div class="sig-name" style="color:${el.colour}">${escapeHtml(s.name)}</div><div class="sig-role">${escapeHtml(s.role)}</div>`;
}

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

function elementHtml(el: DesignElement, p: PreparedDesign, s: Slots, values: Map<string, string>): string {
  const style = [
    `left:${f(el.x)}mm`,
    `top:${f(el.y)}mm`,
    `width:${f(el.width)}mm`,
    `height:${f(el.height)}mm`,
    ...(el.rotation ? [`transform:rotate(${f(el.rotation)}deg)`] : []),
    ...('opacity' in el && el.opacity !== 1 ? [`opacity:${el.opacity}`] : []),
  ].join(';');
  const open = (cls: string, extra = '', attrs = '') =>
    `<div class="el ${cls}" data-el="${escapeHtml(el.id)}"${attrs} style="${style}${extra}">`;
  switch (el.kind) {
    case 'text': {
      const t = s.texts[el.id] ?? textSlot(el, values);
      const css = `;justify-content:${JUSTIFY[el.align]};text-align:${el.align};font-family:${fontStack(el.font)};font-weight:${el.weight};font-style:${el.italic ? 'italic' : 'normal'};color:${el.colour};letter-spacing:${el.letterSpacing}em;line-height:${el.lineHeight};${el.uppercase ? 'text-transform:uppercase;' : ''}${el.fit === 'shrink' ? 'white-space:nowrap;' : ''}`;
      return `${open('text', escapeHtml(css), ` data-script="${t.script}"${t.hidden ? ' hidden' : ''}`)}<span class="t" style="font-size:${t.size}">${escapeHtml(t.text)}</span></div>`;
    }
    case 'image': {
      const src = p.context.images[el.asset];
      return `${open('image', `;object-fit:${el.fit}`)}${isSafeImage(src) ? `<img src="${escapeHtml(src)}" alt="" style="object-fit:${el.fit}">` : ''}</div>`;
    }
    case 'logo': {
      const logo = p.context.logo;
      const inner = isSafeImage(logo)
        ? `<img src="${escapeHtml(logo)}" alt="">`
        : `<svg viewBox="0 0 40 40" aria-hidden="true"><circle cx="20" cy="20" r="18.5" fill="none" stroke="${el.colour}" stroke-width="1.2"/><text x="20" y="25.5" text-anchor="middle" font-family="${escapeHtml(fontStack('Cinzel'))}" font-weight="700" font-size="14" fill="${el.colour}">${escapeHtml(initials(p.context.organisation))}</text></svg>`;
      return `${open('logo')}${inner}</div>`;
    }
    case 'signature':
      return `${open('signature')}${signatureHtml(el, p.context.signatures[el.signatory])}</div>`;
    case 'qr': {
      const q = s.qr.size + 4;
      const caption = el.caption
        ? `<div class="cap" style="color:${el.colour}">Scan to verify</div><div class="host" data-host>${escapeHtml(s.verifyHost)}</div>`
        : '';
      return `${open('qr', '', ' data-qr')}<svg viewBox="-2 -2 ${q} ${q}" shape-rendering="crispEdges"><path fill="${el.colour}" d="${s.qr.d}"/></svg>${caption}</div>`;
    }
    case 'photo': {
      const src = s.photos[el.id] ?? '';
      return `${open('photo', `;border-color:${el.colour}`, src ? '' : ' hidden')}<img src="${isSafeImage(src) ? escapeHtml(src) : 'data:,'}" alt=""></div>`;
    }
    case 'details': {
      const items = Array.from({ length: MAX_DETAILS }, (_, i) => {
        const d = s.details[i];
        return `<li data-detail${d ? '' : ' hidden'}><span class="k" style="color:${el.accent}">${escapeHtml(d?.label ?? '')}</span><span class="v">${escapeHtml(d?.value ?? '')}</span></li>`;
      }).join('');
      return `${open('details', `;color:${el.colour}`)}<ul data-details>${items}</ul></div>`;
    }
    case 'ornament':
      return `${open('ornament')}${ornamentSvg(el, p.context.organisation)}</div>`;
    case 'shape': {
      const sw = el.strokeWidth;
      const paint = `fill="${el.fill ?? 'none'}" stroke="${el.stroke ?? 'none'}" stroke-width="${sw}"`;
      const body =
        el.shape === 'rect'
          ? `<rect x="${f(sw / 2)}" y="${f(sw / 2)}" width="${f(Math.max(el.width - sw, 0))}" height="${f(Math.max(el.height - sw, 0))}" rx="${el.radius}" ${paint}/>`
          : el.shape === 'ellipse'
            ? `<ellipse cx="${f(el.width / 2)}" cy="${f(el.height / 2)}" rx="${f(Math.max(el.width - sw, 0) / 2)}" ry="${f(Math.max(el.height - sw, 0) / 2)}" ${paint}/>`
            : `<line x1="0" y1="${f(el.height / 2)}" x2="${f(el.width)}" y2="${f(el.height / 2)}" stroke="${el.stroke ?? el.fill ?? '#000000'}" stroke-width="${sw}"/>`;
      return `${open('shape')}<svg viewBox="0 0 ${f(el.width)} ${f(el.height)}" preserveAspectRatio="none" aria-hidden="true">${body}</svg></div>`;
    }
  }
}

/** The families a page uses: its texts', and those of the parts the renderer draws itself. */
function fontsOf(d: Design): Set<string> {
  const fonts = new Set(d.elements.flatMap((e) => (e.kind === 'text' ? [e.font] : [])));
  const kinds = new Set(d.elements.map((e) => e.kind));
  if (kinds.has('signature')) fonts.add('EB Garamond').add('Source Sans 3');
  if (kinds.has('qr') || kinds.has('details')) fonts.add('Source Sans 3');
  if (kinds.has('logo') || d.elements.some((e) => e.kind === 'ornament' && e.ornament === 'seal'))
    fonts.add('Cinzel');
  return fonts;
}

/** The design's own style sheet (the fonts come apart: see DesignPage). */
function css(d: Design, context: PreparedDesign['context']): string {
  const { width, height } = pageDimensions(d.page);
  const bg = d.background;
  const image = bg.image && isSafeImage(context.images[bg.image]) ? context.images[bg.image] : undefined;
  const layers = [
    ...(image ? [`url("${image}") center / cover no-repeat`] : []),
    ...(bg.gradient ? [`radial-gradient(ellipse at 50% 45%, ${bg.colour} 0%, ${bg.gradient} 100%)`] : []),
    bg.colour,
  ];
  return `@page { size: ${f(width)}mm ${f(height)}mm; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
[hidden] { display: none !important; }
.page { position: relative; width: ${f(width)}mm; height: ${f(height)}mm; overflow: hidden; color: #2a2a2a;
  background: ${layers.join(', ')}; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.el { position: absolute; transform-origin: 50% 50%; }
.el > svg, .el > img { display: block; width: 100%; height: 100%; }
.el > img { object-fit: contain; }
.text { display: flex; align-items: center; overflow: hidden; white-space: pre-wrap; overflow-wrap: anywhere; }
.text .t { display: block; width: 100%; }
.text[data-script="deva"] { font-style: normal !important; }
.logo img { object-fit: contain; }
.photo { border: 0.4mm solid; background: #fff; }
.photo img { object-fit: cover; }
.signature { display: flex; flex-direction: column; justify-content: flex-end; align-items: center; text-align: center; }
.sig-image { flex: 1; min-height: 0; width: 86%; display: flex; align-items: flex-end; justify-content: center;
  border-bottom: 0.25mm solid; margin-bottom: 1.5mm; padding-bottom: 0.8mm; }
.sig-image img { max-height: 100%; max-width: 100%; object-fit: contain; }
.sig-name { font: 600 11.5pt/1.2 ${fontStack('EB Garamond')}; }
.sig-role { font: 400 7.2pt/1.4 ${fontStack('Source Sans 3')}; letter-spacing: 0.16em; text-transform: uppercase; color: #555; margin-top: 0.6mm; }
.qr { display: flex; flex-direction: column; align-items: center; }
.qr svg { flex: 1; min-height: 0; aspect-ratio: 1; max-width: 100%; background: #fff; padding: 1mm; }
.qr .cap { font: 600 6.5pt/1.3 ${fontStack('Source Sans 3')}; letter-spacing: 0.16em; text-transform: uppercase; margin-top: 1.3mm; }
.qr .host { font: 400 6.5pt/1.3 ${fontStack('Source Sans 3')}; color: #666; }
.details ul { list-style: none; padding: 0; margin: 0; height: 100%; display: flex; gap: 7mm; justify-content: center; align-items: center;
  font: 400 10pt/1.3 ${fontStack('Source Sans 3')}; }
.details .k { font-size: 7.5pt; letter-spacing: 0.16em; text-transform: uppercase; margin-right: 1.8mm; }
.details .v { font-weight: 600; }
`;
}

/**
 * A design's page in its parts. The fonts are most of a page's weight (~1 MB of inlined woff2 that
 * Chromium parses and decodes on every load), so a renderer tab that already holds the fonts a
 * design uses swaps in only the design's style sheet and body (renderer.ts): same markup, same
 * fonts, a fraction of the work.
 */
export interface DesignPage {
  /** the font families the page uses (fontFaceCss) */
  families: string[];
  title: string;
  /** the design's style sheet, fonts excepted */
  css: string;
  /** the body's markup: the page with every element */
  body: string;
}

/** The page for one design, with one recipient's slots filled in, in parts. */
export function designPage(p: PreparedDesign, s: Slots, values: Map<string, string>): DesignPage {
  const d = p.design;
  return {
    families: [...fontsOf(d)],
    title: d.name,
    css: css(d, p.context),
    body: `<main class="page">
${d.elements.map((el) => elementHtml(el, p, s, values)).join('\n')}
</main>`,
  };
}

/** The `<style>` a renderer tab swaps a design's style sheet into. */
export const DESIGN_CSS_ID = 'design-css';

/** The whole HTML document of a page, with the fonts of `families` (the page's own by default). */
export function pageDocument(page: DesignPage, families: Iterable<string> = page.families): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'">
<title>${escapeHtml(page.title)}</title>
<style>${fontFaceCss(families)}</style>
<style id="${DESIGN_CSS_ID}">${page.css}</style></head>
<body>${page.body}</body></html>`;
}

/** The page for one design, with one recipient's slots filled in. */
export function renderDesignPage(p: PreparedDesign, s: Slots, values: Map<string, string>): string {
  return pageDocument(designPage(p, s, values));
}

/** A complete, self-contained certificate page: for previews and as the renderer's first load. */
export function certificateHtml(p: PreparedDesign, recipient: CertificateRecipient): string {
  return renderDesignPage(p, slotsFor(p, recipient), fieldValues(p, recipient));
}

/** The page's size in CSS pixels (96 per inch): the renderer's viewport and screenshot clip. */
export function pagePixels(d: Design): { width: number; height: number } {
  const { width, height } = pageDimensions(d.page);
  return { width: Math.round((width * 96) / 25.4), height: Math.round((height * 96) / 25.4) };
}
