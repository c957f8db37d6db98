// The default certificate design: one A4 landscape page per recipient, in HTML+CSS that the
// renderer prints with Chromium and the web app can show as a preview. Everything it needs
// (fonts, ornaments, QR code) is inline, so it renders identically offline.
import { fontFaceCss, FONT_STACKS } from './fonts';
import { KINDS, type Kind } from './kinds';
import type { CertificateDesign, CertificateRecipient, Signature } from './model';
import { escapeHtml } from './escape-html';
import { guillochePath, rosettePath, sealEdgePath } from './ornaments';
import { MAX_DETAILS, slotsFor, type Slots } from './slots';

export const MAX_SIGNATURES = 3;

// Only images that cannot run script or leak a request to a third party by surprise.
const SAFE_IMAGE =
  /^(data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=\s]+|https:\/\/[^\s"'<>]+)$/;
export const isSafeImage = (src: string | undefined): src is string => !!src && SAFE_IMAGE.test(src);

/** Mixes a #rrggbb colour towards white (t > 0) or black (t < 0). */
function shade(hex: string, t: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(t > 0 ? c + (255 - c) * t : c * (1 + t));
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix) as [number, number, number];
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

const STOP_WORDS = new Set(['of', 'the', 'and', 'for', 'in', 'at', '&']);
function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => w && !STOP_WORDS.has(w.toLowerCase()));
  return words
    .slice(0, 3)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}

// Computed once: the ornaments depend on nothing but the page size.
let frameCache: { guilloche: string; rosette: string; rosette2: string; corners: string } | undefined;
function framePaths() {
  frameCache ??= {
    guilloche: guillochePath(11.6, 2.6),
    rosette: rosettePath(148.5, 106, 66, 24),
    rosette2: rosettePath(148.5, 106, 44, 16),
    // Medallions over the band's corners, where the strands bunch up on the tight turn.
    corners: [
      [13.6, 13.6],
      [283.4, 13.6],
      [13.6, 196.4],
      [283.4, 196.4],
    ]
      .map(([x, y]) => rosettePath(x as number, y as number, 5.6, 8))
      .join(''),
  };
  return frameCache;
}

function frameSvg(kind: Kind): string {
  const p = framePaths();
  return `<svg class="frame" viewBox="0 0 297 210" aria-hidden="true">
<path d="${p.rosette}" fill="none" stroke="${kind.metal}" stroke-width="0.16" opacity="0.2"/>
<path d="${p.rosette2}" fill="none" stroke="${kind.ink}" stroke-width="0.12" opacity="0.1"/>
<rect x="5.5" y="5.5" width="286" height="199" fill="none" stroke="${kind.ink}" stroke-width="1.4"/>
<rect x="7.4" y="7.4" width="282.2" height="195.2" fill="none" stroke="${kind.metal}" stroke-width="0.3"/>
<path d="${p.guilloche}" fill="none" stroke="${kind.metal}" stroke-width="0.17" opacity="0.9"/>
<rect x="16" y="16" width="265" height="178" fill="none" stroke="${kind.metal}" stroke-width="0.55"/>
<rect x="17.3" y="17.3" width="262.4" height="175.4" fill="none" stroke="${kind.metal}" stroke-width="0.18"/>
<path d="${p.corners}" fill="#fbf7ee" stroke="${kind.metal}" stroke-width="0.3"/>
</svg>`;
}

function sealSvg(kind: Kind, orgName: string): string {
  // The ring text repeats short names to go all the way round; the size is chosen so the text
  // fits the 211-unit circumference with normal glyph shapes (Cinzel caps ≈ 0.78 em wide).
  let ring = `${orgName.toUpperCase()} \u00b7 `;
  while (ring.length < 30) ring += ring;
  const ringSize = Math.min(7, 211 / (ring.length * 0.78)).toFixed(2);
  return `<svg class="seal" viewBox="0 0 100 100" aria-hidden="true">
<defs>
<radialGradient id="seal-metal" cx="38%" cy="32%" r="75%">
<stop offset="0" stop-color="${shade(kind.metal, 0.55)}"/><stop offset="0.55" stop-color="${kind.metal}"/><stop offset="1" stop-color="${shade(kind.metal, -0.35)}"/>
</radialGradient>
<path id="seal-ring" d="M50 50m-34 0a34 34 0 1 1 68 0a34 34 0 1 1-68 0"/>
</defs>
<path d="${sealEdgePath(50, 50, 49)}" fill="url(#seal-metal)"/>
<circle cx="50" cy="50" r="41.5" fill="none" stroke="${shade(kind.metal, 0.6)}" stroke-width="0.8"/>
<circle cx="50" cy="50" r="27" fill="none" stroke="${shade(kind.metal, 0.6)}" stroke-width="0.8"/>
<text class="seal-ring" font-size="${ringSize}" fill="${shade(kind.metal, -0.55)}"><textPath href="#seal-ring" textLength="211" lengthAdjust="spacing">${escapeHtml(ring)}</textPath></text>
<text class="seal-mono" x="50" y="57" text-anchor="middle" fill="${shade(kind.metal, -0.55)}">${escapeHtml(initials(orgName))}</text>
</svg>`;
}

function signatureHtml(s: Signature): string {
  const image = isSafeImage(s.image) ? `<img src="${escapeHtml(s.image)}" alt="">` : '';
  return `<div class="sig"><div class="sig-image">${image}</div><div class="sig-name">${escapeHtml(s.name)}</div><div class="sig-role">${escapeHtml(s.role)}</div></div>`;
}

function css(kind: Kind): string {
  return `${fontFaceCss()}
@page { size: 297mm 210mm; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
[hidden] { display: none !important; }
.page { position: relative; width: 297mm; height: 210mm; overflow: hidden; color: #2a2a2a;
  background: radial-gradient(ellipse at 50% 45%, #fffdf7 0%, #fbf6ea 60%, #f3ead6 100%);
  font-family: ${FONT_STACKS.serif}; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.frame { position: absolute; inset: 0; width: 297mm; height: 210mm; }
.content { position: absolute; top: 22mm; bottom: 64mm; left: 26mm; right: 26mm; display: flex; flex-direction: column; align-items: center; text-align: center; }
/* The recipient block sits centred in the space the header leaves above the footer. */
.body { flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: center; width: 100%; }
.logo { height: 17mm; max-width: 60mm; object-fit: contain; margin-bottom: 2.5mm; }
.monogram { width: 15mm; height: 15mm; border-radius: 50%; border: 0.5mm solid ${kind.metal}; color: ${kind.ink};
  font: 700 14pt/14mm ${FONT_STACKS.display}; margin-bottom: 2.5mm; }
.org { font: 700 19pt/1.15 ${FONT_STACKS.display}; letter-spacing: 0.06em; color: ${kind.ink}; }
.org-sub { font: 400 8.5pt/1.4 ${FONT_STACKS.sans}; letter-spacing: 0.28em; text-transform: uppercase; color: ${shade(kind.metal, -0.3)}; margin-top: 1.2mm; }
h1 { font: 500 26pt/1.1 ${FONT_STACKS.display}; letter-spacing: 0.12em; color: ${shade(kind.metal, -0.25)}; margin: 6mm 0 0; }
.divider { width: 90mm; height: 4mm; margin: 1.5mm 0 0; }
.preamble { font: italic 400 14.5pt/1.3 ${FONT_STACKS.serif}; color: #4a4a4a; margin: 0; }
.name { font-family: ${FONT_STACKS.serif}; font-style: italic; font-weight: 600; line-height: 1.25; color: ${kind.ink};
  white-space: nowrap; max-width: 245mm; overflow: hidden; padding: 0.5mm 12mm 1.5mm; margin-top: 2mm;
  border-bottom: 0.25mm solid ${kind.metal}; }
.name[data-script="deva"] { font-style: normal; }
.description { max-width: 215mm; line-height: 1.35; color: #333; margin: 3.5mm 0 0;
  display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; }
.details { list-style: none; padding: 0; margin: 3.5mm 0 0; display: flex; gap: 7mm; justify-content: center;
  font: 400 10pt/1.3 ${FONT_STACKS.sans}; color: #333; }
.details .k { font-size: 7.5pt; letter-spacing: 0.16em; text-transform: uppercase; color: ${shade(kind.metal, -0.3)}; margin-right: 1.8mm; }
.details .v { font-weight: 600; }
footer { position: absolute; left: 26mm; right: 26mm; bottom: 23mm; display: grid;
  grid-template-columns: 46mm 1fr 46mm; align-items: end; gap: 4mm; }
.left { display: flex; flex-direction: column; align-items: flex-start; gap: 2.5mm; }
.seal { width: 25mm; height: 25mm; margin-left: 2mm; }
.seal-ring { font-family: ${FONT_STACKS.display}; font-weight: 600; }
.seal-mono { font: 700 17px ${FONT_STACKS.display}; }
.meta { text-align: left; }
.meta .row { margin-top: 1.2mm; }
.label { display: block; font: 400 6.8pt/1.2 ${FONT_STACKS.sans}; letter-spacing: 0.18em; text-transform: uppercase; color: ${shade(kind.metal, -0.3)}; }
.value { font: 400 11pt/1.25 ${FONT_STACKS.serif}; color: #222; }
.signatures { display: flex; justify-content: space-evenly; align-items: flex-end; }
.sig { width: 50mm; text-align: center; }
.sig-image { height: 14mm; display: flex; align-items: flex-end; justify-content: center;
  border-bottom: 0.25mm solid ${kind.ink}; margin: 0 3mm 1.5mm; padding-bottom: 0.8mm; }
.sig-image img { max-height: 13mm; max-width: 42mm; object-fit: contain; }
.sig-name { font: 600 11.5pt/1.2 ${FONT_STACKS.serif}; color: #222; }
.sig-role { font: 400 7.2pt/1.4 ${FONT_STACKS.sans}; letter-spacing: 0.16em; text-transform: uppercase; color: #555; margin-top: 0.6mm; }
.qr { justify-self: end; display: flex; flex-direction: column; align-items: center; }
.qr svg { width: 25mm; height: 25mm; background: #fff; padding: 1mm; border: 0.25mm solid ${kind.metal}; }
.qr .cap { font: 600 6.5pt/1.3 ${FONT_STACKS.sans}; letter-spacing: 0.16em; text-transform: uppercase; color: ${kind.ink}; margin-top: 1.3mm; }
.qr .host { font: 400 6.5pt/1.3 ${FONT_STACKS.sans}; color: #666; }
`;
}

const DIVIDER = (metal: string) => `<svg class="divider" viewBox="0 0 90 4" aria-hidden="true">
<path d="M2 2H38M52 2H88" stroke="${metal}" stroke-width="0.35"/>
<path d="M45 0.2L46.8 2L45 3.8L43.2 2Z M40 2l1.1-1.1 1.1 1.1-1.1 1.1Z M47.8 2l1.1-1.1 1.1 1.1-1.1 1.1Z" fill="${metal}"/>
</svg>`;

/** The page for one design, with one recipient's slots filled in. */
export function renderTemplate(design: CertificateDesign, s: Slots): string {
  const kind = KINDS[design.type];
  const org = design.organisation;
  const logo = isSafeImage(org.logo)
    ? `<img class="logo" src="${escapeHtml(org.logo)}" alt="">`
    : `<div class="monogram">${escapeHtml(initials(org.name))}</div>`;
  const details = Array.from({ length: MAX_DETAILS }, (_, i) => {
    const d = s.details[i];
    return `<li data-detail${d ? '' : ' hidden'}><span class="k">${escapeHtml(d?.label ?? '')}</span><span class="v">${escapeHtml(d?.value ?? '')}</span></li>`;
  }).join('');
  const signatures = (design.signatures ?? []).slice(0, MAX_SIGNATURES).map(signatureHtml).join('');
  const q = s.qr.size + 4;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: https:; font-src data:; style-src 'unsafe-inline'">
<title>${escapeHtml(design.title ?? kind.title)}</title>
<style>${css(kind)}</style></head>
<body><main class="page">
${frameSvg(kind)}
<div class="content">
${logo}
<div class="org">${escapeHtml(org.name)}</div>
${org.subtitle ? `<div class="org-sub">${escapeHtml(org.subtitle)}</div>` : ''}
<h1>${escapeHtml(design.title ?? kind.title)}</h1>
${DIVIDER(kind.metal)}
<div class="body">
<p class="preamble">${escapeHtml(kind.preamble)}</p>
<div class="name" data-slot="name" data-script="${s.nameScript}" style="font-size:${s.nameSize}">${escapeHtml(s.name)}</div>
<p class="description" data-slot="description" style="font-size:${s.descriptionSize}">${escapeHtml(s.description)}</p>
<ul class="details" data-details${s.details.length ? '' : ' hidden'}>${details}</ul>
</div>
</div>
<footer>
<div class="left">
${kind.seal ? sealSvg(kind, org.name) : ''}
<div class="meta">
<div class="row" data-row><span class="label">Date of issue</span><span class="value" data-slot="date">${escapeHtml(s.date)}</span></div>
<div class="row" data-row${s.serial ? '' : ' hidden'}><span class="label">Certificate No.</span><span class="value" data-slot="serial">${escapeHtml(s.serial)}</span></div>
</div>
</div>
<div class="signatures">${signatures}</div>
<div class="qr"><svg data-slot="qr" viewBox="-2 -2 ${q} ${q}" shape-rendering="crispEdges"><path fill="#111" d="${s.qr.d}"/></svg>
<div class="cap">Scan to verify</div><div class="host" data-row${s.verifyHost ? '' : ' hidden'}><span data-slot="verifyHost">${escapeHtml(s.verifyHost)}</span></div></div>
</footer>
</main></body></html>`;
}

/** A complete, self-contained certificate page: for previews and as the renderer's first load. */
export function certificateHtml(design: CertificateDesign, recipient: CertificateRecipient): string {
  return renderTemplate(design, slotsFor(design, recipient));
}
