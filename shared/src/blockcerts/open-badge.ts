import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { CONTEXT } from './contexts/urls';
import { toRfc3339 } from './dates';
import { CredentialInputError } from './build';

export interface OpenBadgeInput {
  issuer: { id: string; name: string; url?: string; email?: string; image?: string };
  recipient: { id?: string; email?: string; name?: string };
  achievement: { id: string; name: string; description: string; criteriaNarrative: string; image?: string };
  validFrom: Date | string;
  validUntil?: Date | string;
  /** Defaults to a fresh urn:uuid. */
  id?: string;
  /** What wallets list the badge as; defaults to the achievement's name and description. */
  name?: string;
  description?: string;
  /**
   * The badge's one status entry (OB 3.0's schema allows a single object): a W3C
   * BitstringStatusListEntry whose index is the badge's own, never shared with another credential.
   */
  credentialStatus?: BitstringStatusListEntry;
  /** Salt for the hashed email; random when omitted (pass one only for reproducible tests). */
  salt?: string;
}

export interface BitstringStatusListEntry {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: 'revocation' | 'suspension';
  /** A string of digits, as Bitstring Status List 1.0 writes it. */
  statusListIndex: string;
  statusListCredential: string;
}

/**
 * An Open Badges 3.0 OpenBadgeCredential (VC 2.0), unsigned. Sign it with the Merkle batch flow for
 * Blockcerts verifiers and/or eddsa-rdfc-2022 for 1EdTech conformance (a proof set of both).
 * A recipient without an id is identified by a salted SHA-256 of their email, as OB 3.0 allows,
 * so the public badge does not disclose the address.
 */
export function buildOpenBadgeCredential(input: OpenBadgeInput) {
  if (!input.recipient.id && !input.recipient.email)
    throw new CredentialInputError('a badge recipient needs an id or an email');
  const salt = input.salt ?? bytesToHex(randomBytes(16));
  const email = input.recipient.email?.trim().toLowerCase();
  return {
    '@context': [CONTEXT.credentialsV2, CONTEXT.openBadgesV3],
    id: input.id ?? `urn:uuid:${globalThis.crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: input.name ?? input.achievement.name,
    description: input.description ?? input.achievement.description,
    issuer: {
      id: input.issuer.id,
      type: ['Profile'],
      name: input.issuer.name,
      ...(input.issuer.url ? { url: input.issuer.url } : {}),
      ...(input.issuer.email ? { email: input.issuer.email } : {}),
      ...(input.issuer.image ? { image: { id: input.issuer.image, type: 'Image' } } : {}),
    },
    validFrom: toRfc3339(input.validFrom),
    ...(input.validUntil === undefined ? {} : { validUntil: toRfc3339(input.validUntil) }),
    ...(input.credentialStatus ? { credentialStatus: input.credentialStatus } : {}),
    credentialSubject: {
      ...(input.recipient.id ? { id: input.recipient.id } : {}),
      type: ['AchievementSubject'],
      ...(email
        ? {
            identifier: [
              {
                type: 'IdentityObject',
                identityHash: `sha256$${bytesToHex(sha256(utf8ToBytes(email + salt)))}`,
                identityType: 'emailAddress',
                hashed: true,
                salt,
              },
            ],
          }
        : {}),
      achievement: {
        id: input.achievement.id,
        type: ['Achievement'],
        name: input.achievement.name,
        description: input.achievement.description,
        criteria: { narrative: input.achievement.criteriaNarrative },
        ...(input.achievement.image ? { image: { id: input.achievement.image, type: 'Image' } } : {}),
      },
    },
  };
}

export type OpenBadgeCredential = ReturnType<typeof buildOpenBadgeCredential>;
