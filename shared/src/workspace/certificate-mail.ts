/**
 * The mail that delivers an issued certificate or Open Badge (spec: certificate-operations §2.4,
 * §2.5 Send Certificate / Send OpenBadges). The spec names the placeholders and the subjects; the
 * bodies are ours. ORGANIZATION_LOGO, WALLET_LINK and BADGE_IMAGE_URL are our additions (the logo
 * as in the invitation; the Blockcerts Wallet import link; the baked badge image).
 */
export const certificateMailPlaceholders = [
  'ORGANIZATION_NAME',
  'ORGANIZATION_LOGO',
  'FIRST_NAME',
  'BASE_URL',
  'JSON_URL',
  'PDF_URL',
  'VERIFIER_URL',
  'WALLET_LINK',
  'QR_CODE',
  'OPENBADGEVALIDATOR_URL',
  'BADGE_IMAGE_URL',
] as const;
export type CertificateMailPlaceholder = (typeof certificateMailPlaceholders)[number];
/** Placeholders whose value is markup made by the server (an <img>); every other value is escaped text. */
export const certificateMailMarkup: ReadonlySet<CertificateMailPlaceholder> = new Set([
  'ORGANIZATION_LOGO',
  'QR_CODE',
]);

/** STANDARDS.md "Blockcerts Wallet introduction": the wallet's import link of an issued certificate. */
export const walletImportLink = (credentialJsonUrl: string) =>
  `https://wallet.blockcerts.org/#/import-certificate/${encodeURIComponent(credentialJsonUrl)}`;

const button = (href: string, label: string) =>
  `<a href="${href}" style="display:inline-block;background:#1f4e8c;color:#ffffff;text-decoration:none;` +
  `font-weight:bold;padding:12px 24px;border-radius:6px">${label}</a>`;

const frame = (
  body: string,
) => `<div style="background:#f4f5f7;padding:24px 8px;font-family:Arial,Helvetica,sans-serif;color:#222222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e1e4e8;border-radius:8px">
<tr><td style="padding:24px 32px 8px;text-align:center">ORGANIZATION_LOGO<div style="font-size:20px;font-weight:bold;margin-top:8px">ORGANIZATION_NAME</div></td></tr>
<tr><td style="padding:8px 32px 16px;font-size:15px;line-height:1.5">
${body}
</td></tr>
<tr><td style="padding:12px 32px 20px;border-top:1px solid #e1e4e8;font-size:12px;color:#666666">This message was sent by ORGANIZATION_NAME through <a href="BASE_URL" style="color:#666666">BASE_URL</a>.</td></tr>
</table>
</div>`;

const qrBlock = `<p style="text-align:center;margin:24px 0 8px">QR_CODE</p>
<p style="text-align:center;margin:0;font-size:12px;color:#666666">Scan the QR code to open the verification page.</p>`;

export const defaultCertificateMailTemplate = {
  subject: 'A Digital credential has been issued by ORGANIZATION_NAME',
  html: frame(`<p>Dear FIRST_NAME,</p>
<p>ORGANIZATION_NAME has issued you a digital credential. It is anchored on a blockchain, so anyone can check that it was issued by ORGANIZATION_NAME and has not been changed.</p>
<p style="text-align:center;margin:24px 0">${button('PDF_URL', 'Download your certificate (PDF)')}</p>
<ul style="padding-left:20px">
<li><a href="VERIFIER_URL">Verify your credential online</a>: share this link with anyone who needs to check it.</li>
<li><a href="JSON_URL">Download the credential file (JSON)</a>: the signed original; keep a copy.</li>
<li><a href="WALLET_LINK">Add it to the Blockcerts Wallet</a> (open this link on the phone where the wallet app is installed).</li>
</ul>
${qrBlock}`),
};

export const defaultOpenBadgeMailTemplate = {
  subject: 'A OpenBadges has been baked by ORGANIZATION_NAME',
  html: frame(`<p>Dear FIRST_NAME,</p>
<p>ORGANIZATION_NAME has awarded you an Open Badge. The badge image carries the signed badge inside it, so it can be checked wherever you share it.</p>
<p style="text-align:center;margin:24px 0">${button('BADGE_IMAGE_URL', 'Download your badge (PNG)')}</p>
<ul style="padding-left:20px">
<li><a href="OPENBADGEVALIDATOR_URL">Validate your badge online</a>: share this link with anyone who needs to check it.</li>
<li><a href="JSON_URL">Download the badge credential (JSON)</a>: the signed original; keep a copy.</li>
</ul>
${qrBlock}`),
};
