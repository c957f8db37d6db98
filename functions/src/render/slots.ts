// Everything that differs between two recipients of one design, computed in Node. The template
// renders these values statically (previews, first load) and the renderer pushes them into an
// already-loaded page (fill.ts): one computation, so both paths show the same certificate.
import { KINDS } from './kinds';
import { krutiDevToUnicode } from './krutidev';
import type { CertificateDesign, CertificateRecipient } from './model';
import { qrPath, type QrPath } from './qr';

export const MAX_DETAILS = 4;

export interface Slots {
  name: string;
  nameSize: string;
  /** Devanagari names are set upright: the font has no italic and a slanted fake looks poor */
  nameScript: 'deva' | 'latn';
  description: string;
  descriptionSize: string;
  date: string;
  serial: string;
  verifyHost: string;
  details: Array<{ label: string; value: string }>;
  qr: QrPath;
}

const DEVANAGARI = /[\u0900-\u097F]/;
const NAME_WIDTH_MM = 215; // .name max-width less its side padding
const PT_PER_MM = 72 / 25.4;

/**
 * Shrinks long names to one line by estimate, not by measuring in the page: the static preview
 * has no script, and an estimate keeps preview and PDF identical. Average advance widths (in em)
 * of EB Garamond semibold italic and Noto Sans Devanagari, rounded up so names never clip.
 */
function nameSize(name: string, deva: boolean): string {
  const em = deva ? 0.62 : 0.5;
  const mm = Math.min(40 / PT_PER_MM, NAME_WIDTH_MM / (Math.max(name.length, 1) * em));
  return `${Math.max(16, Math.floor(mm * PT_PER_MM))}pt`;
}

function descriptionSize(text: string): string {
  if (text.length <= 120) return '15pt';
  if (text.length <= 200) return '13pt';
  return '11.5pt';
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function formatDate(date: Date | string): string {
  const d = date instanceof Date ? date : ISO_DAY.test(date) ? new Date(`${date}T00:00:00Z`) : undefined;
  if (!d || Number.isNaN(d.getTime())) return String(date);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** Kruti Dev rows carry legacy bytes in the recipient's own text (name, description); details
 * are codes and numbers (roll no., CGPA) that the flag does not cover. */
export function slotsFor(design: CertificateDesign, r: CertificateRecipient): Slots {
  const text = r.fontFlag?.toLowerCase() === 'krutidev010' ? krutiDevToUnicode : (s: string) => s;
  const name = text(r.name).trim();
  const deva = DEVANAGARI.test(name);
  const description = r.description
    ? text(r.description)
    : (design.description ?? KINDS[design.type].description);
  return {
    name,
    nameSize: nameSize(name, deva),
    nameScript: deva ? 'deva' : 'latn',
    description,
    descriptionSize: descriptionSize(description),
    date: formatDate(r.date),
    serial: r.certificateId ?? '',
    verifyHost: host(r.verifyUrl),
    details: (r.details ?? []).slice(0, MAX_DETAILS).map((d) => ({ label: d.label, value: d.value })),
    qr: qrPath(r.verifyUrl),
  };
}
