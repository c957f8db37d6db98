import QRCode from 'qrcode';
import { walletImportLink } from '@proofmark/shared/workspace/certificate-mail';
import type { OutgoingMail } from '../../adapters/mail';
import { escapeHtml } from '../../render/escape-html';
import {
  imageSrc,
  mailWithImages,
  senderLogo,
  type MailTarget,
  type Sender,
} from '../recipients/invitations';

/** Step 5's mail that delivers the demo certificate (§2.7). */

/** Step 5's QR code: the wallet import link, 300 × 300, made here (no outside chart service). */
export const importQr = (link: string) =>
  QRCode.toBuffer(link, { type: 'png', width: 300, margin: 2, errorCorrectionLevel: 'M' });

/**
 * Step 5's mail (§2.7): greets by first and last name and offers two ways to import the
 * certificate — the link on a phone, the QR code on a computer. Both carry the wallet import
 * link, which is the signed certificate's URL, encoded.
 */
export const renderDemoCertificateMail = async (
  sender: Sender,
  recipient: { firstname: string; lastname: string },
  links: { json: string; verifier: string },
  target: MailTarget,
): Promise<Pick<OutgoingMail, 'subject' | 'html' | 'text' | 'inline'>> => {
  const link = walletImportLink(links.json);
  const qr = await importQr(link);
  const logo = senderLogo(sender, target);
  const name = escapeHtml(`${recipient.firstname} ${recipient.lastname}`);
  const html =
    `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:640px">` +
    logo.markup +
    `<p>Dear ${name},</p>` +
    `<p>${escapeHtml(sender.name)} has issued you a digital certificate, anchored on the blockchain. ` +
    `Import it into your Blockcerts Wallet in one of two ways:</p>` +
    `<p><strong>On your phone:</strong> <a href="${escapeHtml(link)}">click here to import the certificate</a>.</p>` +
    `<p><strong>On a computer:</strong> scan this QR code with the Blockcerts Wallet app on your phone:</p>` +
    `<p><img src="${imageSrc(target, 'qrcode', qr, 'image/png')}" width="300" height="300" alt="QR code of the wallet import link"/></p>` +
    `<p>Anyone can check it on the <a href="${escapeHtml(links.verifier)}">verification page</a>, ` +
    `or with the <a href="${escapeHtml(links.json)}">certificate file</a> in any Blockcerts verifier.</p>` +
    `</div>`;
  return mailWithImages(`Your certificate from ${sender.name}`, html, qr, logo, target);
};
