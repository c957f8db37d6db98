import QRCode from 'qrcode';
import { fillPlaceholders } from '@proofmark/shared/recipients/rules';
import {
  certificateMailMarkup,
  defaultCertificateMailTemplate,
  defaultOpenBadgeMailTemplate,
  walletImportLink,
  type CertificateMailPlaceholder,
} from '@proofmark/shared/workspace/certificate-mail';
import { appBaseUrl } from '../../adapters/site-urls';
import type { OutgoingMail } from '../../adapters/mail';
import {
  imageSrc,
  mailWithImages,
  senderLogo,
  type MailTarget,
  type Sender,
} from '../recipients/invitations';
import { publicKeys, publicUrl, verifierPageUrl } from '../public-urls';

/**
 * The mail that delivers an issued certificate (or a baked Open Badge): the default template of
 * spec §2.4 filled with the certificate's public links, the organisation's name and logo, and a QR
 * code of its verifier page — inline images, like the invitation (domain/recipients/invitations.ts).
 */

/** The public links of an issued certificate (the same ones the Issued tab shows). */
export const certificateLinks = (slug: string, certUuid: string) => ({
  json: publicUrl(publicKeys.credential(slug, certUuid, 'json')),
  pdf: publicUrl(publicKeys.credential(slug, certUuid, 'pdf')),
  /** Open Badges: the baked badge image. */
  png: publicUrl(publicKeys.credential(slug, certUuid, 'png')),
  verifier: verifierPageUrl(slug, certUuid),
});
export type CertificateLinks = ReturnType<typeof certificateLinks>;

/** The QR code of the verifier page, as mailed (the options fix the bytes, which tests rely on). */
export const verifierQr = (verifierUrl: string) =>
  QRCode.toBuffer(verifierUrl, { type: 'png', width: 240, margin: 2, errorCorrectionLevel: 'M' });

export const renderCertificateMail = async (
  sender: Sender,
  row: { firstname: string; certtype: string },
  links: CertificateLinks,
  target: MailTarget,
): Promise<Pick<OutgoingMail, 'subject' | 'html' | 'text' | 'inline'>> => {
  const template =
    row.certtype === 'openbadges' ? defaultOpenBadgeMailTemplate : defaultCertificateMailTemplate;
  const qr = await verifierQr(links.verifier);
  const logo = senderLogo(sender, target);
  const values: Record<CertificateMailPlaceholder, string> = {
    ORGANIZATION_NAME: sender.name,
    ORGANIZATION_LOGO: logo.markup,
    FIRST_NAME: row.firstname,
    BASE_URL: appBaseUrl(),
    JSON_URL: links.json,
    PDF_URL: links.pdf,
    VERIFIER_URL: links.verifier,
    WALLET_LINK: walletImportLink(links.json),
    QR_CODE: `<img src="${imageSrc(target, 'qrcode', qr, 'image/png')}" width="240" height="240" alt="QR code of the verification page"/>`,
    // Our verifier page checks Open Badges too; it is the validator we can vouch for.
    OPENBADGEVALIDATOR_URL: links.verifier,
    BADGE_IMAGE_URL: links.png,
  };
  const html = fillPlaceholders(template.html, values, certificateMailMarkup);
  // The subject is plain text: nothing is escaped, and no markup placeholder is replaced as markup.
  const subject = fillPlaceholders(
    template.subject,
    values,
    new Set(Object.keys(values) as CertificateMailPlaceholder[]),
  );
  return mailWithImages(subject, html, qr, logo, target);
};
