import { describe, expect, it } from 'vitest';
import { buildCredential, CredentialInputError, toRecipientKey } from './build';
import { canonicalize, computeTargetHash, findUnmappedTerms } from './canonicalize';
import { ISSUER_URL, sampleCredential } from './test-fixtures';

const fullCredential = () =>
  sampleCredential(
    {
      id: 'urn:uuid:8b0b9a5e-6f5f-4b83-9a8a-3f2b7f8f1c11',
      claimId: 'https://certs.example.edu/types/analytical-engines',
      validUntil: '2030-01-31T09:00:00+01:00',
      metadata: { cohort: '2025', grade: 'A' },
      status: { statusListCredential: 'https://certs.example.edu/status/1.json', statusListIndex: 42 },
    },
    { id: 'did:example:ada', publicKey: '0x40Cf9B7DB6FCc742ad0a76B8588C7f8De2b54a60' },
  );

describe('buildCredential', () => {
  it('builds a VC 2.0 Blockcerts v3 credential', () => {
    const c = fullCredential();
    expect(c['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://w3id.org/security/data-integrity/v2',
      'https://w3id.org/blockcerts/v3.2',
    ]);
    expect(c.type).toEqual(['VerifiableCredential', 'BlockcertsCredential']);
    expect(c.issuer).toBe(ISSUER_URL);
    expect(c.credentialSubject).toEqual({
      id: 'did:example:ada',
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      publicKey: 'ecdsa-koblitz-pubkey:0x40Cf9B7DB6FCc742ad0a76B8588C7f8De2b54a60',
      claim: {
        id: 'https://certs.example.edu/types/analytical-engines',
        name: 'Certificate of Analytical Engines',
        description: 'Awarded for the first published algorithm',
      },
    });
    expect(c.display).toEqual({
      contentMediaType: 'text/html',
      content: '<section><h1>Ada Lovelace</h1></section>',
    });
    expect(JSON.parse(c.metadata!)).toEqual({ cohort: '2025', grade: 'A' });
    expect(c.credentialStatus).toEqual({
      id: 'https://certs.example.edu/status/1.json#42',
      type: 'BitstringStatusListEntry',
      statusPurpose: 'suspension',
      statusListIndex: '42',
      statusListCredential: 'https://certs.example.edu/status/1.json',
    });
  });

  it('maps every term: canonicalizing with a fallback @vocab yields no fallback IRI', async () => {
    const nquads = await canonicalize(fullCredential(), { withFallbackVocab: true });
    expect(findUnmappedTerms(nquads)).toEqual([]);
    // Sanity: the fields really are in the graph, not silently dropped.
    for (const iri of [
      'https://w3id.org/blockcerts#content',
      'https://w3id.org/blockcerts#metadata',
      'https://schema.org/email',
      'https://w3id.org/security#publicKey',
      'https://schema.org/claim',
      'https://www.w3.org/ns/credentials/status#statusPurpose',
      'https://www.w3.org/2018/credentials#validUntil',
    ]) {
      expect(nquads).toContain(`<${iri}>`);
    }
  });

  it('the fallback vocab changes nothing when every term is mapped', async () => {
    const c = fullCredential();
    expect(await canonicalize(c, { withFallbackVocab: true })).toBe(await canonicalize(c));
  });

  it('maps a minimal credential and an image display too', async () => {
    const minimal = buildCredential(
      { issuerProfileUrl: ISSUER_URL },
      { name: 'B' },
      {
        name: 'T',
        validFrom: new Date('2025-02-01T10:11:12.345Z'),
        display: { contentMediaType: 'image/png', contentEncoding: 'base64', content: 'iVBORw0KGgo=' },
      },
    );
    expect(minimal.validFrom).toBe('2025-02-01T10:11:12Z');
    expect(minimal.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(findUnmappedTerms(await canonicalize(minimal, { withFallbackVocab: true }))).toEqual([]);
    await expect(computeTargetHash(minimal)).resolves.toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives every credential a fresh id', () => {
    expect(sampleCredential().id).not.toBe(sampleCredential().id);
  });

  it('rejects bad input', () => {
    expect(() => sampleCredential({ validFrom: '2025-01-31T09:00:00' })).toThrow(/timezone/);
    expect(() => sampleCredential({ validUntil: '2024-01-31T09:00:00Z' })).toThrow(CredentialInputError);
    expect(() => sampleCredential({ id: 'not a uri' })).toThrow(CredentialInputError);
    expect(() => sampleCredential({}, { name: ' ' })).toThrow(CredentialInputError);
    expect(() => sampleCredential({}, { publicKey: 'nonsense' })).toThrow(CredentialInputError);
    expect(() =>
      buildCredential(
        { issuerProfileUrl: 'http://certs.example.edu/p.json' },
        { name: 'x' },
        { name: 'y', display: '', validFrom: new Date() },
      ),
    ).toThrow(/https/);
    expect(() =>
      sampleCredential({ status: { statusListCredential: 'https://x/s', statusListIndex: -1 } }),
    ).toThrow(CredentialInputError);
  });

  it('accepts recipient keys with or without prefix', () => {
    expect(toRecipientKey('ecdsa-koblitz-pubkey:1BPQXndcz5Uf3qZQkgnvJC87LUD5n7a2mC')).toBe(
      'ecdsa-koblitz-pubkey:1BPQXndcz5Uf3qZQkgnvJC87LUD5n7a2mC',
    );
    expect(toRecipientKey('0x40Cf9B7DB6FCc742ad0a76B8588C7f8De2b54a60')).toBe(
      'ecdsa-koblitz-pubkey:0x40Cf9B7DB6FCc742ad0a76B8588C7f8De2b54a60',
    );
  });
});
