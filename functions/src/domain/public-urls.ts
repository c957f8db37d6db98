import { appBaseUrl, publicBaseUrl } from '../adapters/site-urls';
import type { OrgRecord } from './accounts/users';

/*
 * Where the public documents live and the verifier page, as URLs only. A leaf module on purpose:
 * sessions, the verifier relay and the health check need these strings, not the code that publishes
 * the documents (batches/public-docs.ts), which drags the credential engine and the chain adapters along.
 */

/**
 * The documents verifiers and wallets fetch, published to the public bucket (CloudFront in AWS,
 * `/public/*` of the local gateway) at stable URLs derived from the organisation's verifier slug.
 */
export const publicKeys = {
  profile: (slug: string) => `issuers/${slug}/profile.json`,
  revocations: (slug: string) => `issuers/${slug}/revocations.json`,
  logo: (slug: string, ext: 'png' | 'jpg') => `issuers/${slug}/logo.${ext}`,
  /** A badge key's own Multikey document (`badge-key-<n>`): its URL is its id, with no fragment. */
  badgeKey: (slug: string, name: string) => `issuers/${slug}/keys/${name}.json`,
  statusList: (slug: string, purpose: 'suspension' | 'revocation') =>
    `issuers/${slug}/status/${purpose}.json`,
  /** The W3C form of a list (multibase encodedList, eddsa-signed) that Open Badges name. */
  w3cStatusList: (slug: string, purpose: 'suspension' | 'revocation') =>
    `issuers/${slug}/status/w3c-${purpose}.json`,
  credential: (slug: string, credentialUuid: string, ext: 'json' | 'png' | 'svg' | 'pdf' = 'json') =>
    `credentials/${slug}/${credentialUuid}.${ext}`,
};

export const publicUrl = (key: string) => `${publicBaseUrl()}/${key}`;

/**
 * The organisation's public verifier page (account-and-billing §1); with a certificate's uuid, the
 * page that verifies that certificate (emails, QR codes and the Issued tab link here).
 */
export const verifierPageUrl = (slug: string, credentialUuid?: string) =>
  `${appBaseUrl()}/verify/${slug}${credentialUuid ? `?id=${encodeURIComponent(credentialUuid)}` : ''}`;

export const issuerUrls = (org: Pick<OrgRecord, 'verifierSlug'>) => ({
  profile: publicUrl(publicKeys.profile(org.verifierSlug)),
  revocations: publicUrl(publicKeys.revocations(org.verifierSlug)),
  badgeKey: (name: string) => publicUrl(publicKeys.badgeKey(org.verifierSlug, name)),
  /** Where the Blockcerts Wallet posts a recipient's address with the one-time code. */
  introduction: `${appBaseUrl()}/api/public/issuers/${org.verifierSlug}/introduce`,
});
