import { walletIntroductionLink } from '@proofmark/shared/recipients/rules';
import { walletImportLink } from '@proofmark/shared/workspace/certificate-mail';
import { publicKeys, publicUrl, verifierPageUrl } from '../public-urls';
import type { MailLinks } from './compose';
import type { Sender } from './sender';

/** The links of one mail and what its QR code opens, by kind. */
export interface MailMoment {
  links: MailLinks;
  qrTarget: string;
}

/** An invitation: the organisation's introduction URL, the recipient's one-time code, the wallet's deep link. */
export const invitationMoment = (sender: Sender, oneTimeCode: string): MailMoment => {
  const link = walletIntroductionLink(sender.introductionUrl, oneTimeCode);
  return {
    links: { INTRODUCTION_URL: sender.introductionUrl, ONETIMECODE: oneTimeCode, WALLET_LINK: link },
    qrTarget: link,
  };
};

/** An issued certificate or badge: its public files and its verifier page (the same links the Issued tab shows). */
export const credentialMoment = (sender: Sender, certUuid: string): MailMoment => {
  const slug = sender.verifierSlug;
  const json = publicUrl(publicKeys.credential(slug, certUuid, 'json'));
  const verifier = verifierPageUrl(slug, certUuid);
  return {
    links: {
      JSON_URL: json,
      PDF_URL: publicUrl(publicKeys.credential(slug, certUuid, 'pdf')),
      VERIFIER_URL: verifier,
      WALLET_LINK: walletImportLink(json),
      // Our verifier page checks Open Badges too; it is the validator we can vouch for.
      OPENBADGEVALIDATOR_URL: verifier,
      BADGE_IMAGE_URL: publicUrl(publicKeys.credential(slug, certUuid, 'png')),
    },
    qrTarget: verifier,
  };
};
