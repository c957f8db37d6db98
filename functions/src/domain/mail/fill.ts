import { badRequest } from '@proofmark/shared/errors';
import {
  markupPlaceholders,
  placeholdersOf,
  templateProblem,
  type MailKind,
  type MailTemplateText,
  type Placeholder,
} from '@proofmark/shared/mail-templates/rules';
import { appBaseUrl } from '../../adapters/site-urls';
import { escapeHtml } from '../../render/escape-html';
import type { Sender } from './sender';
import { qrPng } from '../../render/qr';

/**
 * Filling a mail template: its placeholders checked and filled (text values HTML-escaped; QR_CODE
 * and ORGANIZATION_LOGO are images we make). No sanitiser here (compose.ts adds it): a template an
 * organisation wrote is only ever sent through composeMail; this step alone serves our own
 * default templates, where it keeps sanitize-html out of a small bundle (the live demo's).
 */

export type MailTarget = 'mail' | 'preview';

export interface InlineImage {
  filename: string;
  contentType: string;
  contentId: string;
  content: Uint8Array;
}

export interface ComposedMail {
  subject: string;
  html: string;
  /** Images the HTML shows as `cid:<contentId>` (a mail's; a preview shows them as data: URLs). */
  inline: InlineImage[];
}

/** The values a mail of the moment carries besides the organisation's and the recipient's. */
export type MailLinks = Partial<
  Record<
    Exclude<
      Placeholder,
      'ORGANIZATION_NAME' | 'FIRST_NAME' | 'BASE_URL' | 'ISSUER_URL' | 'QR_CODE' | 'ORGANIZATION_LOGO'
    >,
    string
  >
>;

export interface ComposeInput {
  kind: MailKind;
  template: MailTemplateText;
  sender: Sender;
  recipient: { firstname: string };
  links: MailLinks;
  /** What the QR code opens (the wallet link of an invitation, the verifier page of a credential). */
  qrTarget: string;
  target: MailTarget;
}

const QR_SIZE = 240;
export const QR_ID = 'qrcode';

/** Replaces the placeholders present in `values`; longest names first, so none eats another's prefix. */
export const fillPlaceholders = (
  text: string,
  values: Partial<Record<Placeholder, string>>,
  escape: boolean,
) => {
  const names = (Object.keys(values) as Placeholder[]).sort((a, b) => b.length - a.length);
  if (!names.length) return text;
  return text.replace(new RegExp(`\\b(${names.join('|')})\\b`, 'g'), (name) => {
    const v = values[name as Placeholder]!;
    return escape && !markupPlaceholders.has(name as Placeholder) ? escapeHtml(v) : v;
  });
};

export const assertUsableTemplate = (kind: MailKind, t: MailTemplateText) => {
  const problem = templateProblem(kind, t.subject, t.html);
  if (problem) throw badRequest(problem);
};

/** A template filled for one recipient: subject, HTML (not yet sanitised) and the QR code it shows. */
export interface FilledMail {
  subject: string;
  html: string;
  qr: Uint8Array;
}

/** The QR code of a mail: our own 1-bit PNG (render/qr.ts; qrcode's PNG output cost ~20 ms of CPU per mail). */
export const mailQr = (qrTarget: string) => qrPng(qrTarget, { width: QR_SIZE, margin: 2 });

/** The value of each of the kind's placeholders for this mail (`qrSrc`: what the QR code's image shows). */
export const placeholderValues = (
  input: Omit<ComposeInput, 'qrTarget' | 'target'>,
  qrSrc: string,
): Partial<Record<Placeholder, string>> => {
  const { kind, sender } = input;
  const all: Partial<Record<Placeholder, string>> = {
    ORGANIZATION_NAME: sender.name,
    FIRST_NAME: input.recipient.firstname,
    BASE_URL: appBaseUrl(),
    ISSUER_URL: sender.issuerUrl,
    ORGANIZATION_LOGO: sender.logoUrl
      ? `<img src="${escapeHtml(sender.logoUrl)}" alt="${escapeHtml(sender.name)}" style="max-height:80px"/>`
      : '',
    QR_CODE: `<img src="${qrSrc}" width="${QR_SIZE}" height="${QR_SIZE}" alt="QR code"/>`,
    ...input.links,
  };
  // Only the kind's own placeholders are filled; each of them must have its value.
  const values = Object.fromEntries(placeholdersOf[kind].map((p) => [p, all[p]]));
  const missing = placeholdersOf[kind].filter((p) => values[p] === undefined);
  if (missing.length) throw new Error(`fillMail: no value for ${missing.join(', ')} in a ${kind} mail`);
  return values;
};

/** The subject is a header, not HTML: values go in as they are, line breaks removed. */
export const fillSubject = (subject: string, values: Partial<Record<Placeholder, string>>) =>
  fillPlaceholders(subject, values, false)
    .replace(/[\r\n]+/g, ' ')
    .trim();

/** The QR code's image in a mail (an inline attachment) or a preview (a data: URL). */
export const qrSource = (target: MailTarget, qr: Uint8Array) =>
  target === 'mail' ? `cid:${QR_ID}` : `data:image/png;base64,${Buffer.from(qr).toString('base64')}`;

export const fillMail = async (input: ComposeInput): Promise<FilledMail> => {
  const { kind, template, target } = input;
  assertUsableTemplate(kind, template);
  const qr = mailQr(input.qrTarget);
  const values = placeholderValues(input, qrSource(target, qr));
  return {
    subject: fillSubject(template.subject, values),
    html: fillPlaceholders(template.html, values, true),
    qr,
  };
};

/** The QR code as a mail's inline attachment when the HTML shows it (a preview shows a data: URL). */
export const inlineQr = (target: MailTarget, html: string, qr: Uint8Array): InlineImage[] =>
  target === 'mail' && html.includes(`cid:${QR_ID}`)
    ? [{ filename: 'qrcode.png', contentType: 'image/png', contentId: QR_ID, content: qr }]
    : [];
