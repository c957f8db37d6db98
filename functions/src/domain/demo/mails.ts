import { convert } from 'html-to-text';
import QRCode from 'qrcode';
import { walletImportLink } from '@proofmark/shared/workspace/certificate-mail';
import type { OutgoingMail } from '../../adapters/mail';
import { escapeHtml } from '../../render/escape-html';
import { composeMail, type MailTarget } from '../mail/compose';
import { invitationMoment } from '../mail/links';
import type { Sender } from '../mail/sender';
import { currentTemplate } from '../mail/versions';
import { DEMO_ORG_ID } from './issuer';

/** The demo's two mails: the invitation (the demo issuer's template, by the one composer) and step 5's. */

type DemoMail = Pick<OutgoingMail, 'subject' | 'html' | 'text' | 'inline'>;

/** The plain-text part: the HTML's text with its links written out, images left out. */
const plainText = (html: string) =>
  convert(html, { wordwrap: 100, selectors: [{ selector: 'img', format: 'skip' }] });

/** Step 2's mail: the demo issuer's invitation template, filled like any organisation's invitation. */
export const renderDemoInvitation = async (
  sender: Sender,
  demo: { cohortid: string; firstname: string; code: string },
  target: MailTarget,
): Promise<DemoMail> => {
  const template = await currentTemplate(DEMO_ORG_ID, 'invitation', demo.cohortid);
  const mail = await composeMail({
    kind: 'invitation',
    template,
    sender,
    recipient: demo,
    ...invitationMoment(sender, demo.code),
    target,
  });
  return { ...mail, text: plainText(mail.html) };
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
  const qrSrc = target === 'mail' ? 'cid:qrcode' : `data:image/png;base64,${Buffer.from(qr).toString('base64')}`;
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
