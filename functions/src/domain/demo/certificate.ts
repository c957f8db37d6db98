import { escapeHtml } from '../../render/escape-html';
import { DEMO_LOGO_PNG } from './logo';

/** The demo's certificate: its display, shown unsigned in step 4 and carried by the issued credential (§2.7). */

const dataUrl = (type: string, bytes: Uint8Array | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** A handwritten-looking signature, drawn as an image so the certificate carries it like a scanned one. */
const signatureImage = (signer: string) =>
  dataUrl(
    'image/svg+xml',
    `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="48" viewBox="0 0 180 48">` +
      `<text x="8" y="34" font-family="'Brush Script MT',cursive" font-style="italic" font-size="28" fill="#1f2a5a">${escapeHtml(signer)}</text>` +
      `<path d="M8 40 C60 46 120 36 172 42" stroke="#1f2a5a" stroke-width="1.2" fill="none"/></svg>`,
  );

const signatories = [
  { name: 'A. Menon', role: 'President' },
  { name: 'R. Dutta', role: 'Chairman' },
];

/** The demo certificate as a wallet and the verifier show it: logo, words, two signatures with their roles. */
export const demoCertificateHtml = (
  issuerName: string,
  recipient: { firstname: string; lastname: string },
  issuedOn: Date,
): string => {
  const signatures = signatories
    .map(
      (s) =>
        `<div style="display:inline-block;margin:0 24px;text-align:center">` +
        `<img src="${signatureImage(s.name)}" alt="Signature of ${escapeHtml(s.name)}" width="180" height="48"/>` +
        `<div style="border-top:1px solid #8a7a4a;padding-top:4px">${escapeHtml(s.name)}<br/>` +
        `<span style="font-size:smaller;letter-spacing:.08em;text-transform:uppercase">${s.role}</span></div></div>`,
    )
    .join('');
  return (
    `<section style="font-family:Georgia,serif;text-align:center;padding:24px;color:#1f2a5a;` +
    `border:3px double #b8962e;background:#fffdf7">` +
    `<img src="${dataUrl('image/png', DEMO_LOGO_PNG)}" alt="${escapeHtml(issuerName)}" width="72" height="72"/>` +
    `<p style="letter-spacing:.12em;text-transform:uppercase;margin:8px 0">${escapeHtml(issuerName)}</p>` +
    `<h1 style="font-weight:normal;color:#b8962e;margin:8px 0">Certificate of Completion</h1>` +
    `<p style="font-style:italic;margin:16px 0 4px">This is to certify that</p>` +
    `<h2 style="font-style:italic;margin:4px 0 12px">${escapeHtml(`${recipient.firstname} ${recipient.lastname}`)}</h2>` +
    `<p>has completed the Proofmark live demo and holds a blockchain-anchored, verifiable certificate.</p>` +
    `<p>${issuedOn.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}</p>` +
    `<div style="margin-top:16px">${signatures}</div>` +
    `</section>`
  );
};
