// Everything that differs between two recipients of one design, computed in Node. The page builder
// renders these values statically (previews, first load) and the renderer pushes them into an
// already-loaded page (fill.ts): one computation, so both paths show the same certificate.
import {
  fieldKey,
  PLACEHOLDER,
  placeholdersIn,
  type DesignElement,
  type DesignFont,
} from '@proofmark/shared/designs/model';
import { krutiDevToUnicode } from './krutidev';
import type { CertificateRecipient, PreparedDesign } from './model';
import { qrPath, type QrPath } from './qr';

export const MAX_DETAILS = 4;

export interface TextSlot {
  text: string;
  /** font size after fitting, e.g. '28pt' */
  size: string;
  /** Devanagari is set upright: the font has no italic and a slanted fake looks poor */
  script: 'deva' | 'latn';
  /** a text made only of placeholders that are all empty (no certificate number yet) */
  hidden: boolean;
}

export interface Slots {
  /** the text elements that hold placeholders, by element id */
  texts: Record<string, TextSlot>;
  /** photo elements by id: data: URI or '' */
  photos: Record<string, string>;
  details: Array<{ label: string; value: string }>;
  qr: QrPath;
  verifyHost: string;
}

const DEVANAGARI = /[\u0900-\u097F]/;
const PT_PER_MM = 72 / 25.4;

/**
 * Average advance widths (em) of each font, rounded up so text never clips: sizes are estimated,
 * not measured in the page, so the static preview (no script) and the PDF stay identical.
 */
const EM: Record<DesignFont, number> = {
  'EB Garamond': 0.5,
  Cinzel: 0.72,
  'Source Sans 3': 0.52,
  'Playfair Display': 0.56,
  'Great Vibes': 0.42,
  'Noto Sans Devanagari': 0.62,
};

type TextElement = Extract<DesignElement, { kind: 'text' }>;

/** The largest size (pt, at most the element's) at which the text fits its box, by estimate. */
export function fittedSize(el: TextElement, text: string, deva: boolean): number {
  const em =
    (deva ? EM['Noto Sans Devanagari'] : (EM[el.font as DesignFont] ?? 0.6)) * (el.uppercase ? 1.25 : 1) +
    el.letterSpacing;
  const widthPt = el.width * PT_PER_MM;
  const heightPt = el.height * PT_PER_MM;
  const chars = Math.max(text.length, 1);
  if (el.fit === 'shrink') return Math.max(6, Math.min(el.size, widthPt / (chars * em)));
  for (let size = el.size; size > 6; size -= 0.5) {
    // Lines by words, with the widest line as estimated.
    const perLine = Math.max(1, Math.floor(widthPt / (size * em)));
    let lines = 0;
    for (const para of text.split('\n')) {
      let line = 0;
      lines++;
      for (const word of para.split(/\s+/)) {
        if (line && line + 1 + word.length > perLine) {
          lines++;
          line = word.length;
        } else line += (line ? 1 : 0) + word.length;
      }
    }
    if (lines * size * el.lineHeight <= heightPt) return size;
  }
  return 6;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

// One formatter for every certificate: toLocaleDateString builds a new one per call (about 1 ms:
// half a second of a 500-row generate).
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatDate(value: string): string {
  const d = ISO_DAY.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
  if (!d || Number.isNaN(d.getTime())) return value;
  return DAY.format(d);
}

function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** Kruti Dev rows carry legacy bytes in the recipient's names; codes and numbers are not covered. */
const LEGACY_FIELDS = new Set(['name', 'firstname', 'middlename', 'lastname']);

/** The value of every placeholder for one recipient (the date formatted, Kruti Dev names converted). */
export function fieldValues(prepared: PreparedDesign, r: CertificateRecipient): Map<string, string> {
  const legacy = r.fontFlag?.toLowerCase() === 'krutidev010';
  const values = new Map<string, string>();
  for (const [key, value] of Object.entries(r.fields)) {
    const k = fieldKey(key);
    values.set(k, legacy && LEGACY_FIELDS.has(k) ? krutiDevToUnicode(value).trim() : value);
  }
  values.set('date', formatDate(values.get('date') ?? ''));
  values.set('organisation', prepared.context.organisation);
  values.set('verifyhost', host(r.verifyUrl));
  values.set('achievement', prepared.design.badge?.name ?? '');
  return values;
}

/** A text element's text with its placeholders filled, sized to fit. */
export function textSlot(el: TextElement, values: Map<string, string>): TextSlot {
  const keys = placeholdersIn(el.text);
  const text = el.text.replace(PLACEHOLDER, (_, key: string) => values.get(fieldKey(key)) ?? '');
  const deva = DEVANAGARI.test(text);
  const hidden = keys.length > 0 && keys.every((k) => !(values.get(fieldKey(k)) ?? '').trim());
  return { text, size: `${fittedSize(el, text, deva)}pt`, script: deva ? 'deva' : 'latn', hidden };
}

export function slotsFor(prepared: PreparedDesign, r: CertificateRecipient): Slots {
  const values = fieldValues(prepared, r);
  const texts: Record<string, TextSlot> = {};
  const photos: Record<string, string> = {};
  for (const el of prepared.design.elements) {
    if (el.kind === 'text' && placeholdersIn(el.text).length) texts[el.id] = textSlot(el, values);
    if (el.kind === 'photo') photos[el.id] = r.photo ?? '';
  }
  return {
    texts,
    photos,
    details: (r.details ?? []).slice(0, MAX_DETAILS).map((d) => ({ label: d.label, value: d.value })),
    qr: qrPath(r.verifyUrl),
    verifyHost: host(r.verifyUrl),
  };
}
