// Shared builders for unit tests (not exported from index.ts).
import { buildCredential, type CertificateInput, type CredentialRecipient } from './build';

export const ISSUER_URL = 'https://certs.example.edu/issuer/profile.json';

export function sampleCredential(
  overrides: Partial<CertificateInput> = {},
  recipient: Partial<CredentialRecipient> = {},
) {
  return buildCredential(
    { issuerProfileUrl: ISSUER_URL },
    { name: 'Ada Lovelace', email: 'ada@example.org', ...recipient },
    {
      name: 'Certificate of Analytical Engines',
      description: 'Awarded for the first published algorithm',
      display: '<section><h1>Ada Lovelace</h1></section>',
      validFrom: '2025-01-31T09:00:00Z',
      ...overrides,
    },
  );
}
