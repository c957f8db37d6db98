import { notFound } from '@proofmark/shared/errors';
import { getOrgSettings } from '../settings/org-settings';
import { issuerUrls, publicUrl } from '../public-urls';
import { getOrg } from '../accounts/users';

/** Who the organisation's mails are from: its issuer name, its links and its logo (on our public files). */
export interface Sender {
  name: string;
  introductionUrl: string;
  issuerUrl: string;
  logoUrl?: string;
  verifierSlug: string;
}

export const senderOf = async (orgId: string): Promise<Sender> => {
  const [org, settings] = await Promise.all([getOrg(orgId), getOrgSettings(orgId)]);
  if (!org) throw notFound();
  const urls = issuerUrls(org);
  return {
    name: settings.issuername || org.name,
    introductionUrl: urls.introduction,
    issuerUrl: settings.issuerurl || urls.profile,
    logoUrl: settings.logoPublicKey ? publicUrl(settings.logoPublicKey) : undefined,
    verifierSlug: org.verifierSlug,
  };
};
