// Leaf modules, not the engine's index: building a credential needs no canonicalization (jsonld,
// cbor-x), which the anchor job does, so HTTP functions that queue a batch stay small.
import { buildCredential } from '@proofmark/shared/blockcerts/build';
import { buildOpenBadgeCredential } from '@proofmark/shared/blockcerts/open-badge';
import type { Display } from '@proofmark/shared/blockcerts/types';
import type { CreateBatchRequest } from '@proofmark/shared/credential-batch';
import type { OrgRecord } from '../accounts/users';
import { issuerUrls, publicUrl } from '../public-urls';
import { statusListUrl, statusPurposes } from './status-list';

/*
 * The unsigned documents of a batch: Blockcerts certificates or Open Badges 3.0 credentials, each
 * with its status entries at the indices reserved for the batch.
 */

interface Issuing {
  org: OrgRecord;
  input: CreateBatchRequest;
  /** The issuer name the organisation chose (its registered name when none). */
  issuerName: string;
  logoUrl?: string;
  validFrom: Date;
  statusIndexStart: number;
  /** Per credential, fixed by the issuance workspace (urn:uuid:<certUuid>); made up when absent. */
  credentialIds?: string[];
}

/** Where an achievement's image is published (public bucket), by the achievement's name. */
export const achievementImageKey = (org: Pick<OrgRecord, 'verifierSlug'>, name: string) =>
  `issuers/${org.verifierSlug}/achievements/${encodeURIComponent(name.toLowerCase().replace(/\s+/g, '-'))}.png`;

/** What a wallet shows of the achievement: its name, what it is for and its image. */
export const achievementOf = (
  org: OrgRecord,
  certificate: CreateBatchRequest['certificate'],
  issuerName: string,
) => {
  const name = certificate.name;
  const slug = encodeURIComponent(name.toLowerCase().replace(/\s+/g, '-'));
  return {
    id: `${publicUrl(`issuers/${org.verifierSlug}/achievements/`)}${slug}`,
    name,
    description: certificate.description || `${name}, an achievement recognised by ${issuerName}.`,
    criteria:
      certificate.criteria ||
      (certificate.description
        ? `Awarded by ${issuerName} to those who: ${certificate.description}`
        : `Awarded by ${issuerName} to those who completed ${name}.`),
    imageKey: achievementImageKey(org, name),
  };
};

/** Badges name one status list, the W3C form of the revocation list (OB 3.0 allows one entry). */
export const openBadgesOf = (i: Issuing, achievement: ReturnType<typeof achievementOf>) => {
  const { org, input, issuerName, logoUrl, statusIndexStart } = i;
  const revocationList = statusListUrl(org.verifierSlug, 'revocation', 'w3c');
  return input.recipients.map((r, n) =>
    buildOpenBadgeCredential({
      id: i.credentialIds?.[n],
      name: achievement.name,
      description: `${achievement.name}, awarded to ${r.name} by ${issuerName}.`,
      issuer: {
        id: issuerUrls(org).profile,
        name: issuerName,
        url: org.url,
        ...(logoUrl ? { image: logoUrl } : {}),
      },
      recipient: { email: r.email, name: r.name },
      achievement: {
        id: achievement.id,
        name: achievement.name,
        description: achievement.description,
        criteriaNarrative: achievement.criteria,
        image: publicUrl(achievement.imageKey),
      },
      credentialStatus: {
        id: `${revocationList}#${statusIndexStart + n}`,
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: String(statusIndexStart + n),
        statusListCredential: revocationList,
      },
      validFrom: i.validFrom,
      validUntil: input.certificate.validUntil,
    }),
  );
};

/** Certificates name both Blockcerts status lists, at one index. */
export const certificatesOf = (i: Issuing, displays?: (string | Display | undefined)[]) => {
  const { org, input, logoUrl, statusIndexStart } = i;
  return input.recipients.map((r, n) =>
    buildCredential(
      { issuerProfileUrl: issuerUrls(org).profile },
      { name: r.name, email: r.email, publicKey: r.publicKey },
      {
        name: input.certificate.name,
        description: input.certificate.description,
        id: i.credentialIds?.[n],
        display:
          displays?.[n] ?? r.displayHtml ?? defaultDisplay(input.certificate.name, r.name, org.name, logoUrl),
        validFrom: i.validFrom,
        validUntil: input.certificate.validUntil,
        status: statusPurposes.map((purpose) => ({
          statusListCredential: statusListUrl(org.verifierSlug, purpose),
          statusListIndex: statusIndexStart + n,
          statusPurpose: purpose,
        })),
      },
    ),
  );
};

/** The certificate's own display until the issuance workspace renders the cohort's design. */
const defaultDisplay = (title: string, recipient: string, orgName: string, logoUrl?: string) =>
  `<section style="font-family:Georgia,serif;text-align:center;padding:24px">` +
  (logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(orgName)}" style="max-height:80px"/>`
    : '') +
  `<p>${escapeHtml(orgName)}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(recipient)}</p></section>`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
