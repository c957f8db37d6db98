import QRCode from 'qrcode';
import { defaultMailTemplates } from '@proofmark/shared/mail-templates/rules';
import { walletImportLink } from '@proofmark/shared/workspace/certificate-mail';
import type { OutgoingMail } from '../../adapters/mail';
import { escapeHtml } from '../../render/escape-html';
import { fillMail, inlineQr, type MailTarget } from '../mail/fill';
import { invitationMoment } from '../mail/links';
import type { Sender } from '../mail/sender';

/**
 * The demo's two mails: the invitation and step 5's certificate mail. The demo issuer has no users,
 * so its invitation is always Proofmark's default template, our own HTML: it is filled (values
 * escaped) but not run through the sanitiser, which with html-to-text would put 0.35 MB of HTML
 * parsers into the demo's HTTP group and over its 1 MB budget.
 */

type DemoMail = Pick<OutgoingMail, 'subject' | 'html' | 'text' | 'inline'>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The plain-text part of these two mails of ours (paragraphs, line breaks and links, nothing else):
 * each link written as "text (url)", images left out, tags removed, the few entities we write decoded.
 */
export const plainText = (html: string) =>
  html
    .replace(/<img\b[^>]*>/gi, '')
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Step 2's mail: the default invitation, filled as any organisation's invitation is. */
export const renderDemoInvitation = async (
  sender: Sender,
  demo: { firstname: string; code: string },
  target: MailTarget,
): Promise<DemoMail> => {
  const mail = await fillMail({
    kind: 'invitation',
    template: defaultMailTemplates.invitation,
    sender,
    recipient: demo,
    ...invitationMoment(sender, demo.code),
    target,
  });
  const inline = inlineQr(target, mail.html, mail.qr);
  return {
    subject: mail.subject,
    html: mail.html,
    text: plainText(mail.html),
    inline: inline.length ? inline : undefined,
  };
};

/** Step 5's QR code: the wallet import link, 300 × 300, made here (no outside chart service). */
export const importQr = (link: string) =>
  QRCode.toBuffer(link, { type: 'png', width: 300, margin: 2, errorCorrectionLevel: 'M' });

/**
 * Step 5's mail (§2.7): greets by first and last name and offers two ways to import the
 * certificate — the link on a phone, the QR code on a computer. Both carry the wallet import
 * link, which is the signed certificate's URL, encoded. A mail shows the QR code as an inline
 * attachment (`cid:`), which mail clients show; the preview in the browser as a data URL.
 */
export const renderDemoCertificateMail = async (
  sender: Sender,
  recipient: { firstname: string; lastname: string },
  links: { json: string; verifier: string },
  target: MailTarget,
): Promise<DemoMail> => {
  const link = walletImportLink(links.json);
  const qr = await importQr(link);
  const qrSrc =
    target === 'mail' ? 'cid:qrcode' : `data:image/png;base64,${Buffer.from(qr).toString('base64')}`;
  const logo = sender.logoUrl
    ? `<img src="${escapeHtml(sender.logoUrl)}" alt="${escapeHtml(sender.name)}" style="max-height:80px"/>`
    : '';
  const name = escapeHtml(`${recipient.firstname} ${recipient.lastname}`);
  const html =
    `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:640px">` +
    logo +
    `<p>Dear ${name},</p>` +
    `<p>${escapeHtml(sender.name)} has issued you a digital certificate, anchored on the blockchain. ` +
    `Import it into your Blockcerts Wallet in one of two ways:</p>` +
    `<p><strong>On your phone:</strong> <a href="${escapeHtml(link)}">click here to import the certificate</a>.</p>` +
    `<p><strong>On a computer:</strong> scan this QR code with the Blockcerts Wallet app on your phone:</p>` +
    `<p><img src="${qrSrc}" width="300" height="300" alt="QR code of the wallet import link"/></p>` +
    `<p>Anyone can check it on the <a href="${escapeHtml(links.verifier)}">verification page</a>, ` +
    `or with the <a href="${escapeHtml(links.json)}">certificate file</a> in any Blockcerts verifier.</p>` +
    `</div>`;
  return {
    subject: `Your certificate from ${sender.name}`,
    html,
    text: plainText(html),
    inline:
      target === 'mail'
        ? [{ filename: 'qrcode.png', contentType: 'image/png', contentId: 'qrcode', content: qr }]
        : undefined,
  };
};
