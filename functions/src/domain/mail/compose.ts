import sanitizeHtml from 'sanitize-html';
import { badRequest } from '@proofmark/shared/errors';
import { mailTemplateMessages as m } from '@proofmark/shared/mail-templates/rules';
import { escapeHtml } from '../../render/escape-html';
import { publicUrl } from '../public-urls';
import { fillMail, inlineQr, QR_ID, type ComposeInput as FillInput, type ComposedMail } from './fill';

export {
  assertUsableTemplate,
  fillPlaceholders,
  type ComposedMail,
  type InlineImage,
  type MailLinks,
  type MailTarget,
} from './fill';

/**
 * The one composer of the organisation's mails: the preview, the test mail and the real mail are all
 * made here. It fills the template (fill.ts: placeholders checked and filled, values HTML-escaped,
 * the QR code and logo made by us), then sanitises the result with sanitize-html, so
 * whatever a template or a value carries, no script, event handler, form, frame, remote stylesheet,
 * `javascript:` link or foreign image reaches a mail. The plain-text part is made from this HTML by
 * the delivery (delivery.ts), which is the only step that needs it.
 */

/**
 * Open and click tracking, added in this one place when a mail is composed: `link` rewrites each
 * link's href (after sanitising, so it sees only allowed links), `openPixelUrl` is appended as a 1×1
 * image. Absent: the mail is sent as composed.
 */
export interface MailTracking {
  link?: (href: string) => string;
  openPixelUrl?: string;
}

export interface ComposeInput extends FillInput {
  tracking?: MailTracking;
}

/** A composed mail's HTML is bounded: a template is at most 60 kB, the values and images add little. */
export const MAX_MAIL_HTML_BYTES = 200_000;

/** Image sources a mail may show: our public files, data: images, and (in a composed mail) our QR code. */
export const allowedImageSource = (src: string, stage: 'template' | 'mail') => {
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
export const sanitizeOptions = (
  stage: 'template' | 'mail',
  tracking?: MailTracking,
): sanitizeHtml.IOptions => ({
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

/** The open pixel, the size bound and the QR code's attachment: the end of every mail's composing. */
export const finishMail = (
  input: Pick<ComposeInput, 'target' | 'tracking'>,
  subject: string,
  sanitised: string,
  qr: Uint8Array,
): ComposedMail => {
  let html = sanitised;
  const tracking = input.target === 'mail' ? input.tracking : undefined;
  if (tracking?.openPixelUrl)
    html += `<img src="${escapeHtml(tracking.openPixelUrl)}" width="1" height="1" alt=""/>`;
  if (Buffer.byteLength(html) > MAX_MAIL_HTML_BYTES) throw badRequest(m.tooLong);
  return { subject, html, inline: inlineQr(input.target, html, qr) };
};

/** Refuses a template whose placeholders or size are wrong, naming the placeholders at fault. */
export const composeMail = async (input: ComposeInput): Promise<ComposedMail> => {
  const filled = await fillMail(input);
  const tracking = input.target === 'mail' ? input.tracking : undefined;
  return finishMail(
    input,
    filled.subject,
    sanitizeHtml(filled.html, sanitizeOptions('mail', tracking)),
    filled.qr,
  );
};
