import type { Display } from '@proofmark/shared/blockcerts/index';
import { escapeHtml } from '../../render/escape-html';
import { KINDS, type PrintableType } from '../../render/kinds';
import { krutiDevToUnicode } from '../../render/krutidev';
import type { RecipientItem } from '../recipients/recipient-store';
import { certificateRecipientFor } from '../designs/recipient-fields';

const displayDate = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The certificate's display inside the credential (what a wallet shows): the generated
 * certificate's words — organisation and logo, title, recipient, description, date, details and
 * number — as a small HTML card in the design's colours. Not the generated PNG: at ~150 KB (200 KB
 * in base64) per certificate it made a 2,000 batch's prepared JSON ~400 MB and its hashing twice
 * as slow, and the rendering stays one click away (the public PDF, the verifier page).
 * Rows typed in Kruti Dev (a legacy Hindi font) are shown in Unicode Devanagari.
 */
export const credentialDisplay = (
  issuer: { name: string; logoUrl?: string },
  certtype: string,
  row: RecipientItem,
  slug: string,
): Display => {
  const kind = KINDS[certtype as PrintableType] ?? KINDS.awards;
  const r = certificateRecipientFor(row, slug);
  const f = r.fields as Record<string, string>;
  const text = r.fontFlag?.toLowerCase() === 'krutidev010' ? krutiDevToUnicode : (t: string) => t;
  const details = (r.details ?? [])
    .map((d) => `<tr><td>${escapeHtml(d.label)}</td><td>${escapeHtml(d.value)}</td></tr>`)
    .join('');
  const html =
    `<section style="font-family:Georgia,serif;text-align:center;padding:24px;color:${kind.ink};` +
    `border:3px double ${kind.metal};background:#fffdf7">` +
    (issuer.logoUrl
      ? `<img src="${escapeHtml(issuer.logoUrl)}" alt="${escapeHtml(issuer.name)}" style="max-height:72px"/>`
      : '') +
    `<p style="letter-spacing:.12em;text-transform:uppercase;margin:8px 0">${escapeHtml(issuer.name)}</p>` +
    `<h1 style="font-weight:normal;color:${kind.metal};margin:8px 0">${escapeHtml(kind.title)}</h1>` +
    `<p style="font-style:italic;margin:16px 0 4px">${escapeHtml(kind.preamble)}</p>` +
    `<h2 style="font-style:italic;margin:4px 0 12px">${escapeHtml(text(f.name ?? ''))}</h2>` +
    `<p>${escapeHtml(kind.description)}</p>` +
    (details ? `<table style="margin:8px auto;text-align:left">${details}</table>` : '') +
    `<p>${escapeHtml(displayDate(f.date ?? ''))}</p>` +
    (f.certificateid ? `<p style="font-size:smaller">${escapeHtml(f.certificateid)}</p>` : '') +
    `</section>`;
  return { contentMediaType: 'text/html', content: html };
};
