import { BLOCKCERTS_CREDENTIAL_CONTEXT } from './contexts/urls';
import { toRfc3339 } from './dates';
import type { BitstringStatusListEntry, BlockcertsCredential, Display, StatusPurpose } from './types';

export const RECIPIENT_KEY_PREFIX = 'ecdsa-koblitz-pubkey:';

export interface IssuingOrganisation {
  /** https URL of the published BlockcertsIssuerProfile; it is the credential's `issuer`. */
  issuerProfileUrl: string;
}

export interface CredentialRecipient {
  /** A URI for the recipient (e.g. a DID), when one is known. */
  id?: string;
  name: string;
  email?: string;
  /** Wallet address the recipient introduced, with or without the 'ecdsa-koblitz-pubkey:' prefix. */
  publicKey?: string;
}

export interface StatusListSlot {
  statusListCredential: string;
  statusListIndex: number;
  /** Defaults to 'suspension': Proofmark's hold/unhold flips this bit; revocation uses the legacy list. */
  statusPurpose?: StatusPurpose;
}

export interface CertificateInput {
  /** The certificate type, e.g. "Bachelor of Science": becomes credentialSubject.claim.name. */
  name: string;
  description?: string;
  /** A URI naming the certificate type (claim.id), optional. */
  claimId?: string;
  /** Rendered certificate. A string is taken as HTML. */
  display: string | Display;
  validFrom: Date | string;
  validUntil?: Date | string;
  /** Anything else worth keeping; stored as the JSON string `metadata` so no term goes unmapped. */
  metadata?: Record<string, unknown>;
  status?: StatusListSlot | StatusListSlot[];
  /** Defaults to a fresh urn:uuid. The id is the revocation key: never reuse one. */
  id?: string;
}

export class CredentialInputError extends Error {
  readonly code = 'INVALID_CREDENTIAL_INPUT';
}

/**
 * A Blockcerts v3 credential in VC 2.0 form, unsigned. Every property is one the bundled contexts
 * map (the Blockcerts verifier rejects any other), which is why free-form data goes to `metadata`.
 */
export function buildCredential(
  org: IssuingOrganisation,
  recipient: CredentialRecipient,
  certificate: CertificateInput,
): BlockcertsCredential {
  assertIssuerUrl(org.issuerProfileUrl);
  if (!recipient.name.trim()) throw new CredentialInputError('recipient name is required');
  if (!certificate.name.trim()) throw new CredentialInputError('certificate name is required');
  if (recipient.id !== undefined) assertAbsoluteUri(recipient.id, 'recipient id');
  if (certificate.claimId !== undefined) assertAbsoluteUri(certificate.claimId, 'claim id');

  const validFrom = toRfc3339(certificate.validFrom);
  const validUntil = certificate.validUntil === undefined ? undefined : toRfc3339(certificate.validUntil);
  if (validUntil !== undefined && Date.parse(validUntil) <= Date.parse(validFrom)) {
    throw new CredentialInputError('validUntil must be after validFrom');
  }

  const credential: BlockcertsCredential = {
    '@context': [...BLOCKCERTS_CREDENTIAL_CONTEXT],
    id: certificate.id ?? `urn:uuid:${globalThis.crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'BlockcertsCredential'],
    issuer: org.issuerProfileUrl,
    validFrom,
    ...(validUntil === undefined ? {} : { validUntil }),
    credentialSubject: {
      ...(recipient.id === undefined ? {} : { id: recipient.id }),
      name: recipient.name,
      ...(recipient.email ? { email: recipient.email } : {}),
      ...(recipient.publicKey ? { publicKey: toRecipientKey(recipient.publicKey) } : {}),
      claim: {
        ...(certificate.claimId === undefined ? {} : { id: certificate.claimId }),
        name: certificate.name,
        ...(certificate.description ? { description: certificate.description } : {}),
      },
    },
    display:
      typeof certificate.display === 'string'
        ? { contentMediaType: 'text/html', content: certificate.display }
        : { ...certificate.display },
  };
  assertAbsoluteUri(credential.id, 'credential id');
  if (certificate.metadata && Object.keys(certificate.metadata).length > 0) {
    credential.metadata = JSON.stringify(certificate.metadata);
  }
  const slots =
    certificate.status === undefined
      ? []
      : Array.isArray(certificate.status)
        ? certificate.status
        : [certificate.status];
  if (slots.length > 0) {
    const entries = slots.map(statusListEntry);
    credential.credentialStatus = entries.length === 1 ? entries[0] : entries;
  }
  return credential;
}

export function statusListEntry(slot: StatusListSlot): BitstringStatusListEntry {
  assertAbsoluteUri(slot.statusListCredential, 'status list URL');
  if (!Number.isSafeInteger(slot.statusListIndex) || slot.statusListIndex < 0) {
    throw new CredentialInputError('status list index must be a non-negative integer');
  }
  return {
    id: `${slot.statusListCredential}#${slot.statusListIndex}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: slot.statusPurpose ?? 'suspension',
    statusListIndex: String(slot.statusListIndex),
    statusListCredential: slot.statusListCredential,
  };
}

export function toRecipientKey(address: string): string {
  const bare = address.startsWith(RECIPIENT_KEY_PREFIX)
    ? address.slice(RECIPIENT_KEY_PREFIX.length)
    : address;
  if (!/^(0x[0-9a-fA-F]{40}|[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}|(bc|tb)1[02-9ac-hj-np-z]{8,87})$/.test(bare)) {
    throw new CredentialInputError(`"${address}" is not an Ethereum or Bitcoin address`);
  }
  return RECIPIENT_KEY_PREFIX + bare;
}

// The Blockcerts verifier rewrites http:// to https://, so a plain-http issuer only works locally.
function assertIssuerUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CredentialInputError(`issuer profile URL "${url}" is not a URL`);
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(local && parsed.protocol === 'http:')) {
    throw new CredentialInputError('issuer profile URL must be https');
  }
}

// Relative or malformed IRIs are dropped or rejected by JSON-LD; catch them at build time instead.
function assertAbsoluteUri(value: string, what: string): void {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/.test(value))
    throw new CredentialInputError(`${what} "${value}" is not an absolute URI`);
}
