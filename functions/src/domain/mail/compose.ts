import QRCode from 'qrcode';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from '@proofmark/shared/errors';
import {
  mailTemplateMessages as m,
  markupPlaceholders,
  placeholdersOf,
  templateProblem,
  type MailKind,
  type MailTemplateText,
  type Placeholder,
} from '@proofmark/shared/mail-templates/rules';
import { appBaseUrl } from '../../adapters/site-urls';
import { publicUrl } from '../public-urls';
import type { Sender } from './sender';

/**
 * The one composer of the organisation's mails: the preview, the test mail and the real mail are all
 * made here. It checks the template's placeholders, fills them (text values HTML-escaped; QR_CODE
 * and ORGANIZATION_LOGO are images we make), then sanitises the result with sanitize-html, so
 * whatever a template or a value carries, no script, event handler, form, frame, remote stylesheet,
 * `javascript:` link or foreign image reaches a mail. The plain-text part is made from this HTML by
 * the delivery (delivery.ts), which is the only step that needs it.
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

/**
 * Open and click tracking, added in this one place when a mail is composed: `link` rewrites each
 * link's href (after sanitising, so it sees only allowed links), `openPixelUrl` is appended as a 1×1
 * image. Absent: the mail is sent as composed.
 */
export interface MailTracking {
  link?: (href: string) => string;
  openPixelUrl?: string;
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
  tracking?: MailTracking;
}

/** A composed mail's HTML is bounded: a template is at most 60 kB, the values and images add little. */
export const MAX_MAIL_HTML_BYTES = 200_000;
const QR_SIZE = 240;
const QR_ID = 'qrcode';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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

/** Image sources a mail may show: our public files, data: images, and (in a composed mail) our QR code. */
const allowedImageSource = (src: string, stage: 'template' | 'mail') => {
  if (/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i.test(src)) return true;
  if (src.startsWith(`${publicUrl('')}`)) return true;
  if (stage === 'mail') return src === `cid:${QR_ID}`;
  // In a template an image may name a link placeholder that becomes one of our public files.
  return /^[A-Z][A-Z_]*_URL$/.test(src);
};

/** CSS that fetches something (url(), @import) or runs script (expression(), javascript:). */
const fetchingCss = /url\s*\(|@import|expression\s*\(|javascript:|behavior\s*:/i;

/**
 * The sanitising rules, once: mail-safe tags and presentational attributes, http(s)/mailto links,
 * images only as allowed above, inline styles that fetch nothing. Scripts, styles, forms, frames and
 * every `on…` attribute are dropped (not in the lists); disallowed tags lose their content when it
 * is code (script, style) and keep it otherwise.
 */
const sanitizeOptions = (stage: 'template' | 'mail', tracking?: MailTracking): sanitizeHtml.IOptions => ({
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center'],
  allowedAttributes: {
    '*': [
      'style',
      'align',
      'valign',
      'width',
      'height',
      'bgcolor',
      'border',
      'cellpadding',
      'cellspacing',
      'role',
      'dir',
      'title',
      'color',
    ],
    a: ['href', 'name', 'target', 'title', 'style'],
    img: ['src', 'alt', 'width', 'height', 'style', 'border'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !allowedImageSource(frame.attribs.src ?? '', stage),
  transformTags: {
    '*': (tagName, attribs) => {
      const { style, ...rest } = attribs;
      const kept = style && !fetchingCss.test(style) ? { ...rest, style } : rest;
      if (tagName === 'a' && kept.href && tracking?.link)
        return { tagName, attribs: { ...kept, href: tracking.link(kept.href) } };
      return { tagName, attribs: kept };
    },
  },
});

/** A template as it may be stored: sanitised by the same rules, placeholders kept as written. */
export const sanitizeTemplateHtml = (html: string) => sanitizeHtml(html, sanitizeOptions('template'));

/** Refuses a template whose placeholders or size are wrong, naming the placeholders at fault. */
export const assertUsableTemplate = (kind: MailKind, t: MailTemplateText) => {
  const problem = templateProblem(kind, t.subject, t.html);
  if (problem) throw badRequest(problem);
};

export const composeMail = async (input: ComposeInput): Promise<ComposedMail> => {
  const { kind, template, sender, target } = input;
  assertUsableTemplate(kind, template);
  const qr = await QRCode.toBuffer(input.qrTarget, {
    type: 'png',
    width: QR_SIZE,
    margin: 2,
    errorCorrectionLevel: 'M',
  });
  const qrSrc =
    target === 'mail' ? `cid:${QR_ID}` : `data:image/png;base64,${Buffer.from(qr).toString('base64')}`;
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
  if (missing.length) throw new Error(`composeMail: no value for ${missing.join(', ')} in a ${kind} mail`);
  const filled = fillPlaceholders(template.html, values, true);
  const tracking = target === 'mail' ? input.tracking : undefined;
  let html = sanitizeHtml(filled, sanitizeOptions('mail', tracking));
  if (tracking?.openPixelUrl)
    html += `<img src="${escapeHtml(tracking.openPixelUrl)}" width="1" height="1" alt=""/>`;
  if (Buffer.byteLength(html) > MAX_MAIL_HTML_BYTES) throw badRequest(m.tooLong);
  // The subject is a header, not HTML: values go in as they are, line breaks removed.
  const subject = fillPlaceholders(template.subject, values, false)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  return {
    subject,
    html,
    inline:
      target === 'mail' && html.includes(`cid:${QR_ID}`)
        ? [{ filename: 'qrcode.png', contentType: 'image/png', contentId: QR_ID, content: qr }]
        : [],
  };
};
