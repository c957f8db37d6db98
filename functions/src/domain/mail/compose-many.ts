import { randomBytes } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import type { Placeholder } from '@proofmark/shared/mail-templates/rules';
import {
  allowedImageSource,
  composeMail,
  finishMail,
  sanitizeOptions,
  type ComposeInput,
  type ComposedMail,
} from './compose';
import {
  assertUsableTemplate,
  fillPlaceholders,
  fillSubject,
  mailQr,
  placeholderValues,
  qrSource,
} from './fill';

/**
 * Composing many mails of one template (a send job's chunk) with one sanitising of the template
 * instead of one per mail, each mail the same bytes as composeMail's (compose-many.test.ts
 * compares them). The template is filled with a marker in place of each value that differs between
 * mails (the first name, the credential's links), sanitised once, and each mail fills its own
 * values into that clean structure: in text, encoded as the sanitiser encodes text (the value was
 * HTML-escaped text, so it can make no tag); every link's href and every image whose source holds
 * such a value are checked again for each mail (tracking applied, scheme allow-list, allowed image
 * sources). Whatever this cannot vouch for is composed by composeMail: a template whose markers
 * land in another attribute (a style, a title), a link or image source the quick checks do not
 * accept, a value carrying control characters.
 */

type Piece = { text: string } | { value: Placeholder } | { href: string } | { src: string };

type Values = Partial<Record<Placeholder, string>>;

interface Prepared {
  pieces: Piece[];
  /** The placeholders whose values differ per mail. */
  varying: Placeholder[];
  /** A set-aside href or source with this mail's values in place of their markers. */
  filled: (s: string, raw: Values) => string;
}

/** How sanitize-html writes text and attribute values (its escapeHtml with decoded entities). */
const asText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const asAttribute = (s: string) => asText(s).replace(/"/g, '&quot;');

/** Links the sanitiser keeps as they are: http(s), mailto, an anchor, a path of the same site. */
const plainHref = (href: string) =>
  /^(?:(?:https?:\/\/|mailto:)[^\s"'<>\\]*|#[\w-]*|\/(?!\/)[\w.~\-/?=&%#+]*)$/i.test(href);
const plainSrc = (src: string) =>
  /^(?:https?:\/\/[^\s"'<>\\]*|cid:[\w.-]+)$/i.test(src) && allowedImageSource(src, 'mail');
/** Characters a parser may rewrite (NUL, CR...): a value with one is composed the long way. */
// eslint-disable-next-line no-control-regex
const rewritten = /[\u0000-\u0008\u000b-\u001f\u007f]/;

const prepare = (input: ComposeInput): Prepared | undefined => {
  const tag = `pm${randomBytes(6).toString('hex')}`;
  if (JSON.stringify([input.template.html, input.sender]).includes(tag)) return undefined;
  const varying = ['FIRST_NAME', ...Object.keys(input.links)] as Placeholder[];
  const marker = (i: number) => `${tag}v${i}x`;
  const values = placeholderValues(
    {
      ...input,
      recipient: { firstname: marker(0) },
      links: Object.fromEntries(varying.slice(1).map((p, i) => [p, marker(i + 1)])),
    },
    qrSource('mail', new Uint8Array()),
  );
  const hrefs: string[] = [];
  const srcs: string[] = [];
  const base = sanitizeOptions('mail');
  const baseTransform = base.transformTags!['*'] as (
    t: string,
    a: sanitizeHtml.Attributes,
  ) => sanitizeHtml.Tag;
  const skeleton = sanitizeHtml(fillPlaceholders(input.template.html, values, true), {
    ...base,
    // Every href, and every image source holding a marker, is set aside and written per mail.
    transformTags: {
      '*': (tagName, attribs) => {
        const t = baseTransform(tagName, attribs);
        const a = { ...t.attribs };
        if (tagName === 'a' && a.href !== undefined) a.href = `${tag}h${hrefs.push(a.href) - 1}x`;
        if (tagName === 'img' && a.src?.includes(tag)) a.src = `${tag}s${srcs.push(a.src) - 1}x`;
        return { tagName: t.tagName, attribs: a };
      },
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'img' &&
      !new RegExp(`^${tag}s\\d+x$`).test(frame.attribs.src ?? '') &&
      !allowedImageSource(frame.attribs.src ?? '', 'mail'),
  });
  const pieces: Piece[] = [];
  const markers = new RegExp(`${tag}([vhs])(\\d+)x`, 'g');
  // Markers of values may stand only in text; set-aside ones only as a whole href or src.
  for (const part of skeleton.split(/(<[^>]*>)/)) {
    if (part.startsWith('<')) {
      const rest = part.replace(new RegExp(`(?:href|src)="${tag}[hs]\\d+x"`, 'g'), '');
      if (rest.includes(tag)) return undefined;
    } else if (part.replace(new RegExp(`${tag}v\\d+x`, 'g'), '').includes(tag)) return undefined;
    let at = 0;
    for (const m of part.matchAll(markers)) {
      pieces.push({ text: part.slice(at, m.index) });
      const n = Number(m[2]);
      if (m[1] === 'v') pieces.push({ value: varying[n]! });
      else if (m[1] === 'h') pieces.push({ href: hrefs[n]! });
      else pieces.push({ src: srcs[n]! });
      at = m.index! + m[0].length;
    }
    pieces.push({ text: part.slice(at) });
  }
  // Set-aside hrefs and sources still hold the markers of values: they are filled per mail.
  const valueOf = new RegExp(`${tag}v(\\d+)x`, 'g');
  const filled = (s: string, raw: Values) => s.replace(valueOf, (_, i: string) => raw[varying[Number(i)]!]!);
  return { varying, pieces, filled };
};

/**
 * A composer for the mails of a chunk (target 'mail'): each template is prepared once, each mail
 * composed from it; the answers equal composeMail's.
 */
export const mailComposer = () => {
  const prepared = new Map<string, Prepared | undefined>();
  const compose = async (input: ComposeInput): Promise<ComposedMail> => {
    if (input.target !== 'mail') return composeMail(input);
    const { kind, template, sender } = input;
    const key = JSON.stringify([kind, template.subject, template.html, sender, Object.keys(input.links)]);
    if (!prepared.has(key)) {
      assertUsableTemplate(kind, template);
      prepared.set(key, prepare(input));
    }
    const p = prepared.get(key);
    const raw: Values = { FIRST_NAME: input.recipient.firstname, ...input.links };
    if (!p || p.varying.some((v) => rewritten.test(raw[v] ?? ''))) return composeMail(input);
    const link = input.tracking?.link;
    let html = '';
    for (const piece of p.pieces) {
      if ('text' in piece) html += piece.text;
      else if ('value' in piece) html += asText(raw[piece.value]!);
      else if ('href' in piece) {
        const href = p.filled(piece.href, raw);
        const tracked = link ? link(href) : href;
        if (!plainHref(tracked)) return composeMail(input);
        html += asAttribute(tracked);
      } else {
        const src = p.filled(piece.src, raw);
        if (!plainSrc(src)) return composeMail(input);
        html += asAttribute(src);
      }
    }
    const qr = mailQr(input.qrTarget);
    const values = placeholderValues(input, qrSource('mail', qr));
    counts.prepared++;
    return finishMail(input, fillSubject(template.subject, values), html, qr);
  };
  /** How many mails were composed from a prepared template (the rest by composeMail). */
  const counts = { prepared: 0 };
  return Object.assign(compose, { counts });
};
