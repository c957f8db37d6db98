import { buildIssuerProfile, buildRevocationList } from '@proofmark/shared/blockcerts/index';
import { notFound } from '@proofmark/shared/errors';
import { env } from '../adapters/env';
import { queryAll } from '../adapters/table';
import { CHANGES_IN_PLACE, putObject } from '../adapters/blobs';
import { getOrg, type OrgRecord } from './users';
import { listIssuingKeys, profileKeys } from './issuing-keys';
import { getOrgSettings } from './org-settings';
import { listBadgeKeys, profileBadgeKeys } from './badge-keys';

/**
 * The documents verifiers and wallets fetch, published to the public bucket (CloudFront in AWS,
 * `/public/*` of the local gateway) at stable URLs derived from the organisation's verifier slug.
 */
export const publicKeys = {
  profile: (slug: string) => `issuers/${slug}/profile.json`,
  revocations: (slug: string) => `issuers/${slug}/revocations.json`,
  logo: (slug: string, ext: 'png' | 'jpg') => `issuers/${slug}/logo.${ext}`,
  statusList: (slug: string, purpose: 'suspension' | 'revocation') =>
    `issuers/${slug}/status/${purpose}.json`,
  /** The W3C form of a list (multibase encodedList, eddsa-signed) that Open Badges name. */
  w3cStatusList: (slug: string, purpose: 'suspension' | 'revocation') =>
    `issuers/${slug}/status/w3c-${purpose}.json`,
  credential: (slug: string, credentialUuid: string, ext: 'json' | 'png' | 'svg' | 'pdf' = 'json') =>
    `credentials/${slug}/${credentialUuid}.${ext}`,
  /** The QR code (PNG) of an issued certificate, pointing at its verifier page. */
  credentialQr: (slug: string, credentialUuid: string) => `credentials/${slug}/${credentialUuid}-qr.png`,
};

export const publicUrl = (key: string) => `${env.publicBaseUrl().replace(/\/+$/, '')}/${key}`;

/**
 * The organisation's public verifier page (account-and-billing §1); with a certificate's uuid, the
 * page that verifies that certificate (emails, QR codes and the Issued tab link here).
 */
export const verifierPageUrl = (slug: string, credentialUuid?: string) =>
  `${env.appBaseUrl()}/verify/${slug}${credentialUuid ? `?id=${encodeURIComponent(credentialUuid)}` : ''}`;

export const issuerUrls = (org: Pick<OrgRecord, 'verifierSlug'>) => ({
  profile: publicUrl(publicKeys.profile(org.verifierSlug)),
  revocations: publicUrl(publicKeys.revocations(org.verifierSlug)),
  /** Where the Blockcerts Wallet posts a recipient's address with the one-time code. */
  introduction: `${env.appBaseUrl()}/api/public/issuers/${org.verifierSlug}/introduce`,
});

export interface Revocation {
  credentialId: string;
  reason: string;
  revokedAt: string;
}

export const revocationKey = (orgId: string, credentialId: string) => ({
  pk: `ORG#${orgId}`,
  sk: `REVOKED#${credentialId}`,
});

const listRevocations = (orgId: string): Promise<Revocation[]> =>
  queryAll<Revocation>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':sk': 'REVOKED#' },
  });

const ROLE_ADDRESS = 'no-reply@proofmark.local';

const publishJson = (key: string, doc: unknown) =>
  putObject('public', key, JSON.stringify(doc, null, 2), 'application/json', CHANGES_IN_PLACE);

/** Rewrites the issuer profile and the revocation list from the current keys and revocations. */
export const publishIssuerDocuments = async (orgId: string): Promise<{ profileUrl: string }> => {
  const org = await getOrg(orgId);
  if (!org) throw notFound('No such organisation.');
  const urls = issuerUrls(org);
  const keys = await listIssuingKeys(orgId);
  const revocations = await listRevocations(orgId);
  const settings = await getOrgSettings(orgId);
  const badgeKeys = await listBadgeKeys(orgId);
  await publishJson(
    publicKeys.revocations(org.verifierSlug),
    buildRevocationList({
      url: urls.revocations,
      issuerProfileUrl: urls.profile,
      revoked: revocations.map((r) => ({ id: r.credentialId, revocationReason: r.reason })),
    }),
  );
  if (keys.length) {
    await publishJson(
      publicKeys.profile(org.verifierSlug),
      buildIssuerProfile({
        url: urls.profile,
        name: org.name,
        homepageUrl: org.url,
        // Never a sign-in email (that would invite password guessing): the issuer email the
        // organisation chose for this purpose, its contact email, or a role address.
        email: settings.issueremail || settings.contactemail || ROLE_ADDRESS,
        keys: profileKeys(keys),
        badgeKeys: profileBadgeKeys(badgeKeys),
        ...(settings.logoPublicKey ? { image: publicUrl(settings.logoPublicKey) } : {}),
        revocationListUrl: urls.revocations,
        introductionUrl: urls.introduction,
      }),
    );
  }
  return { profileUrl: urls.profile };
};
