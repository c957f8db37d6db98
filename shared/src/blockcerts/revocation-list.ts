import { CONTEXT } from './contexts/urls';

export interface RevokedAssertion {
  /** The credential id (urn:uuid:…). */
  id: string;
  revocationReason?: string;
}

export interface RevocationList {
  '@context': string;
  id: string;
  type: 'RevocationList';
  issuer: string;
  revokedAssertions: RevokedAssertion[];
}

/** The legacy Open Badges 2.0 RevocationList the Blockcerts verifier reads for v3 certificates. */
export function buildRevocationList(input: {
  url: string;
  issuerProfileUrl: string;
  revoked: readonly RevokedAssertion[];
}): RevocationList {
  const seen = new Set<string>();
  const revokedAssertions = input.revoked
    .filter((a) => !seen.has(a.id) && seen.add(a.id))
    .map((a) => ({
      id: a.id,
      ...(a.revocationReason ? { revocationReason: a.revocationReason } : {}),
    }));
  return {
    '@context': CONTEXT.openBadgesV2,
    id: input.url,
    type: 'RevocationList',
    issuer: input.issuerProfileUrl,
    revokedAssertions,
  };
}

/** The URL verifiers fetch: the list URL with ?assertionId=<id> (the host must tolerate the query). */
export function revocationListQueryUrl(listUrl: string, assertionId: string): string {
  const url = new URL(listUrl);
  url.searchParams.set('assertionId', assertionId);
  return url.toString();
}
