// Submodules, not the engine's index: publishing does not canonicalize (no jsonld in these bundles).
import { buildBadgeKeyDocument, buildIssuerProfile } from '@proofmark/shared/blockcerts/issuer-profile';
import { buildRevocationList } from '@proofmark/shared/blockcerts/revocation-list';
import { notFound } from '@proofmark/shared/errors';
import { issuerUrls, publicKeys, publicUrl } from '../public-urls';
import { CHANGES_IN_PLACE, putObject } from '../../adapters/blobs';
import { revocations } from '../../store/revocations';
import { getOrg, type OrgRecord } from '../accounts/users';
import { listIssuingKeys, profileKeys } from '../keys/issuing-keys';
import { getOrgSettings } from '../settings/org-settings';
import { listBadgeKeys, profileBadgeKeys } from '../keys/badge-keys';
import { rowsWrittenBeforeEntities as earlierRows } from '../../store/table';

// The URLs live in a leaf module so that code needing only URLs does not load the publishing code.
export { issuerUrls, publicKeys, publicUrl, verifierPageUrl } from '../public-urls';

export interface Revocation {
  credentialId: string;
  reason: string;
  revokedAt: string;
}

const listRevocations = async (orgId: string): Promise<Revocation[]> =>
  (await revocations().query.byId({ orgId }).go({ pages: 'all', consistent: true, ...earlierRows })).data;

const ROLE_ADDRESS = 'no-reply@proofmark.local';

const publishJson = (key: string, doc: unknown, contentType = 'application/json') =>
  putObject('public', key, JSON.stringify(doc, null, 2), contentType, CHANGES_IN_PLACE);

const orgOf = async (orgId: string) => {
  const org = await getOrg(orgId);
  if (!org) throw notFound('No such organisation.');
  return org;
};

const writeRevocationList = async (org: OrgRecord) => {
  const urls = issuerUrls(org);
  const revocations = await listRevocations(org.orgId);
  await publishJson(
    publicKeys.revocations(org.verifierSlug),
    buildRevocationList({
      url: urls.revocations,
      issuerProfileUrl: urls.profile,
      revoked: revocations.map((r) => ({ id: r.credentialId, revocationReason: r.reason })),
    }),
  );
};

/**
 * Rewrites the legacy revocation list alone (what a revocation changes). Building it needs no key
 * code, so a function that revokes carries no curve code (the profile's keys need secp256k1).
 */
export const publishRevocationList = async (orgId: string): Promise<void> =>
  writeRevocationList(await orgOf(orgId));

/** Rewrites the issuer profile and the revocation list from the current keys and revocations. */
export const publishIssuerDocuments = async (orgId: string): Promise<{ profileUrl: string }> => {
  const org = await orgOf(orgId);
  const urls = issuerUrls(org);
  const keys = await listIssuingKeys(orgId);
  const settings = await getOrgSettings(orgId);
  const badgeKeys = profileBadgeKeys(await listBadgeKeys(orgId), urls.badgeKey);
  await writeRevocationList(org);
  if (keys.length) {
    // Each key's own document first: the profile names them. The object's content type is what
    // the local gateway and CloudFront answer with (a JSON-LD document); it changes when retired.
    await Promise.all(
      badgeKeys.map((key) =>
        publishJson(
          publicKeys.badgeKey(org.verifierSlug, key.fragment),
          buildBadgeKeyDocument(key, urls.profile),
          'application/ld+json',
        ),
      ),
    );
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
        badgeKeys,
        ...(settings.logoPublicKey ? { image: publicUrl(settings.logoPublicKey) } : {}),
        revocationListUrl: urls.revocations,
        introductionUrl: urls.introduction,
      }),
    );
  }
  return { profileUrl: urls.profile };
};
