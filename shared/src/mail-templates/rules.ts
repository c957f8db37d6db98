/**
 * The mails an organisation writes (spec: certificate-operations §2.4): their kinds, the placeholders
 * each kind may use, the ones it must use, and the defaults used until a cohort saves its own. The
 * spec names the placeholders and the subjects (kept word for word); the bodies are ours.
 * ORGANIZATION_LOGO, WALLET_LINK and BADGE_IMAGE_URL are our additions (the organisation's logo, the
 * Blockcerts Wallet link, the baked badge image).
 */
export const mailKinds = ['certificate', 'invitation', 'openbadge'] as const;
export type MailKind = (typeof mailKinds)[number];

export const mailKindLabels: Record<MailKind, string> = {
  certificate: 'Certificate Email',
  invitation: 'Invitation Email',
  openbadge: 'OpenBadge Email',
};

/** The spec's placeholders, in the order of its list (the editor's menu shows them so). */
export const specPlaceholders = [
  'ORGANIZATION_NAME',
  'FIRST_NAME',
  'BASE_URL',
  'JSON_URL',
  'PDF_URL',
  'VERIFIER_URL',
  'INTRODUCTION_URL',
  'ISSUER_URL',
  'ONETIMECODE',
  'QR_CODE',
  'OPENBADGEVALIDATOR_URL',
] as const;
export const allPlaceholders = [
  ...specPlaceholders,
  'ORGANIZATION_LOGO',
  'WALLET_LINK',
  'BADGE_IMAGE_URL',
] as const;
export type Placeholder = (typeof allPlaceholders)[number];

const common = [
  'ORGANIZATION_NAME',
  'ORGANIZATION_LOGO',
  'FIRST_NAME',
  'BASE_URL',
  'ISSUER_URL',
  'QR_CODE',
] as const;

/** What each kind of mail can fill in: a mail carries only the values its moment has. */
export const placeholdersOf: Record<MailKind, readonly Placeholder[]> = {
  invitation: [...common, 'INTRODUCTION_URL', 'ONETIMECODE', 'WALLET_LINK'],
  certificate: [...common, 'JSON_URL', 'PDF_URL', 'VERIFIER_URL', 'WALLET_LINK', 'OPENBADGEVALIDATOR_URL'],
  openbadge: [...common, 'JSON_URL', 'VERIFIER_URL', 'OPENBADGEVALIDATOR_URL', 'BADGE_IMAGE_URL'],
};

/** Placeholders whose value is markup made by the server (an <img>); every other value is escaped text. */
export const markupPlaceholders: ReadonlySet<Placeholder> = new Set(['QR_CODE', 'ORGANIZATION_LOGO']);

/**
 * What a mail of each kind must carry to be of use: an invitation the identification URL and the
 * one-time code the wallet asks for; a certificate or badge mail at least one link to the credential.
 */
export const requiredOf: Record<MailKind, { all: readonly Placeholder[]; oneOf: readonly Placeholder[] }> = {
  invitation: { all: ['INTRODUCTION_URL', 'ONETIMECODE'], oneOf: [] },
  certificate: { all: [], oneOf: ['PDF_URL', 'JSON_URL', 'VERIFIER_URL', 'WALLET_LINK'] },
  openbadge: { all: [], oneOf: ['BADGE_IMAGE_URL', 'JSON_URL', 'VERIFIER_URL', 'OPENBADGEVALIDATOR_URL'] },
};

export const MAX_SUBJECT_LENGTH = 200;
export const MAX_TEMPLATE_HTML_LENGTH = 60_000;

export const mailTemplateMessages = {
  saved: 'The email template is saved.',
  unknownPlaceholder: (names: string[]) =>
    `Unknown placeholder${names.length > 1 ? 's' : ''}: ${names.join(', ')}. Use one of the menu's placeholders.`,
  notInKind: (names: string[], kind: MailKind) =>
    `${names.join(', ')} cannot be used in the ${mailKindLabels[kind]}: it has no such value.`,
  missingRequired: (names: string[], kind: MailKind) =>
    `The ${mailKindLabels[kind]} must contain ${names.join(' and ')}.`,
  missingOneOf: (names: readonly string[], kind: MailKind) =>
    `The ${mailKindLabels[kind]} must contain a link to the credential: one of ${names.join(', ')}.`,
  markupInSubject: (names: string[]) =>
    `The subject is plain text: ${names.join(', ')} can only be used in the content.`,
  subjectEmpty: 'Please enter the subject.',
  htmlEmpty: 'Please enter the email content.',
  tooLong: 'The email is too long.',
  noSampleRecipient: 'This cohort has no recipients: the preview uses a sample recipient.',
  testQueued: (to: string) => `A test email is on its way to ${to}.`,
  testSent: (to: string) => `The test email was sent to ${to}.`,
  testFailed: (reason: string) => `The test email could not be sent: ${reason}`,
};

/** Words that look like placeholders: capitals, digits and at least one underscore, or a known name. */
const TOKEN = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\b/g;
const known = new Set<string>(allPlaceholders);
const looksLikePlaceholder = (t: string) => known.has(t) || t.includes('_');

/** The placeholders a text uses (known or not), each once, in order. */
export const placeholdersIn = (text: string): string[] => [
  ...new Set((text.match(TOKEN) ?? []).filter(looksLikePlaceholder)),
];

/**
 * Why a template cannot be used, naming the placeholders at fault (undefined when it can): unknown
 * names, names the kind has no value for, markup in the subject, required ones missing.
 */
export const templateProblem = (kind: MailKind, subject: string, html: string): string | undefined => {
  const m = mailTemplateMessages;
  if (!subject.trim()) return m.subjectEmpty;
  if (!html.trim()) return m.htmlEmpty;
  if (subject.length > MAX_SUBJECT_LENGTH || html.length > MAX_TEMPLATE_HTML_LENGTH) return m.tooLong;
  const used = placeholdersIn(`${subject}\n${html}`);
  const unknown = used.filter((p) => !known.has(p));
  if (unknown.length) return m.unknownPlaceholder(unknown);
  const allowed = new Set<string>(placeholdersOf[kind]);
  const foreign = used.filter((p) => !allowed.has(p));
  if (foreign.length) return m.notInKind(foreign, kind);
  const inSubject = placeholdersIn(subject).filter((p) => markupPlaceholders.has(p as Placeholder));
  if (inSubject.length) return m.markupInSubject(inSubject);
  const { all, oneOf } = requiredOf[kind];
  const missing = all.filter((p) => !used.includes(p));
  if (missing.length) return m.missingRequired(missing, kind);
  if (oneOf.length && !oneOf.some((p) => used.includes(p))) return m.missingOneOf(oneOf, kind);
  return undefined;
};

/** The kind of mail that delivers a credential of this certificate type. */
export const deliveryMailKind = (certtype: string): MailKind =>
  certtype === 'openbadges' ? 'openbadge' : 'certificate';

// ——— the defaults ———

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

const qrBlock = (what: string) => `<p style="text-align:center;margin:24px 0 8px">QR_CODE</p>
<p style="text-align:center;margin:0;font-size:12px;color:#666666">${what}</p>`;

export interface MailTemplateText {
  subject: string;
  html: string;
}

export const defaultMailTemplates: Record<MailKind, MailTemplateText> = {
  invitation: {
    subject: 'ORGANIZATION_NAME wants to issue you a digital credentials',
    html: frame(`<p>Dear FIRST_NAME,</p>
<p>ORGANIZATION_NAME wants to issue you a digital credential that you own and can share anywhere.</p>
<ol>
<li>Install the Blockcerts Wallet app on your phone (App Store or Google Play).</li>
<li>Add ORGANIZATION_NAME as an issuer: on your phone, <a href="WALLET_LINK">click this link</a>; on a computer, scan the QR code below with the wallet app.</li>
<li>If the wallet asks for them, enter the identification URL <b>INTRODUCTION_URL</b> and the one-time code <b>ONETIMECODE</b>.</li>
</ol>
<p>The wallet then sends ORGANIZATION_NAME your public key, and your credential will be issued to it.</p>
<p>Issuer: <a href="ISSUER_URL">ISSUER_URL</a></p>
${qrBlock('Scan the QR code with the Blockcerts Wallet app to add ORGANIZATION_NAME as an issuer.')}`),
  },
  certificate: {
    subject: 'A Digital credential has been issued by ORGANIZATION_NAME',
    html: frame(`<p>Dear FIRST_NAME,</p>
<p>ORGANIZATION_NAME has issued you a digital credential. It is anchored on a blockchain, so anyone can check that it was issued by ORGANIZATION_NAME and has not been changed.</p>
<p style="text-align:center;margin:24px 0">${button('PDF_URL', 'Download your certificate (PDF)')}</p>
<ul style="padding-left:20px">
<li><a href="VERIFIER_URL">Verify your credential online</a>: share this link with anyone who needs to check it.</li>
<li><a href="JSON_URL">Download the credential file (JSON)</a>: the signed original; keep a copy.</li>
<li><a href="WALLET_LINK">Add it to the Blockcerts Wallet</a> (open this link on the phone where the wallet app is installed).</li>
</ul>
${qrBlock('Scan the QR code to open the verification page.')}`),
  },
  openbadge: {
    subject: 'A OpenBadges has been baked by ORGANIZATION_NAME',
    html: frame(`<p>Dear FIRST_NAME,</p>
<p>ORGANIZATION_NAME has awarded you an Open Badge. The badge image carries the signed badge inside it, so it can be checked wherever you share it.</p>
<p style="text-align:center;margin:24px 0">${button('BADGE_IMAGE_URL', 'Download your badge (PNG)')}</p>
<ul style="padding-left:20px">
<li><a href="OPENBADGEVALIDATOR_URL">Validate your badge online</a>: share this link with anyone who needs to check it.</li>
<li><a href="JSON_URL">Download the badge credential (JSON)</a>: the signed original; keep a copy.</li>
</ul>
${qrBlock('Scan the QR code to open the verification page.')}`),
  },
};
