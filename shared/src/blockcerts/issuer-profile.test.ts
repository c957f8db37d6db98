import { describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import {
  buildBadgeKeyDocument,
  buildIssuerProfile,
  type IssuerProfileInput,
  type VerificationMethod,
} from './issuer-profile';
import { buildRevocationList, revocationListQueryUrl } from './revocation-list';
import { ethereumAddressFromJwk } from './keys';

const URL_ = 'https://certs.example.edu/issuer/profile.json';
const oldKey = secp256k1.getPublicKey(hexToBytes('00'.repeat(31) + '01'));
const newKey = secp256k1.getPublicKey(hexToBytes('00'.repeat(31) + '02'));

describe('buildIssuerProfile', () => {
  const input: IssuerProfileInput = {
    url: URL_,
    name: 'Example University',
    homepageUrl: 'https://example.edu',
    email: 'registrar@example.edu',
    image: 'data:image/png;base64,iVBORw0KGgo=',
    keys: [
      {
        fragment: 'key-1',
        publicKey: oldKey,
        created: '2024-01-01T00:00:00Z',
        revoked: '2025-01-01T00:00:00Z',
      },
      { fragment: 'key-2', publicKey: newKey, created: '2024-12-01T00:00:00Z' },
    ],
    revocationListUrl: 'https://certs.example.edu/issuer/revocations.json',
    introductionUrl: 'https://api.example.edu/public/introduce',
  };
  const profile = buildIssuerProfile(input);

  it('lists every key as an ecdsa-koblitz-pubkey address with its dates', () => {
    expect(profile.type).toBe('BlockcertsIssuerProfile');
    expect(profile.id).toBe(URL_);
    expect(profile.publicKey).toEqual([
      {
        id: 'ecdsa-koblitz-pubkey:0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
        created: '2024-01-01T00:00:00Z',
        revoked: '2025-01-01T00:00:00Z',
      },
      {
        id: expect.stringMatching(/^ecdsa-koblitz-pubkey:0x[0-9a-fA-F]{40}$/),
        created: '2024-12-01T00:00:00Z',
      },
    ]);
  });

  it('publishes verification methods whose JWKs derive to the listed addresses', () => {
    expect(profile.verificationMethod.map((m) => m.id)).toEqual([`${URL_}#key-1`, `${URL_}#key-2`]);
    profile.verificationMethod.forEach((m, i) => {
      expect(m.type).toBe('EcdsaSecp256k1VerificationKey2019');
      expect(m.controller).toBe(URL_);
      expect(`ecdsa-koblitz-pubkey:${ethereumAddressFromJwk((m as VerificationMethod).publicKeyJwk)}`).toBe(
        profile.publicKey[i]!.id,
      );
    });
    expect(profile.assertionMethod).toEqual([`${URL_}#key-1`, `${URL_}#key-2`]);
  });

  it('is the controller document of its badge keys: each by its own URL and its old #fragment, retired ones kept', () => {
    const KEYS = 'https://certs.example.edu/issuer/keys';
    const badgeKeys = [
      {
        url: `${KEYS}/badge-key-1.json`,
        fragment: 'badge-key-1',
        publicKeyMultibase: 'z6MkOld',
        created: '2024-01-01T00:00:00Z',
        revoked: '2025-01-01T00:00:00Z',
      },
      {
        url: `${KEYS}/badge-key-2.json`,
        fragment: 'badge-key-2',
        publicKeyMultibase: 'z6MkNew',
        created: '2025-01-01T00:00:00Z',
      },
    ];
    const withBadges = buildIssuerProfile({ ...input, badgeKeys });
    const old = {
      '@context': 'https://w3id.org/security/multikey/v1',
      type: 'Multikey',
      controller: URL_,
      publicKeyMultibase: 'z6MkOld',
      created: '2024-01-01T00:00:00Z',
      revoked: '2025-01-01T00:00:00Z',
    };
    const current = {
      '@context': 'https://w3id.org/security/multikey/v1',
      type: 'Multikey',
      controller: URL_,
      publicKeyMultibase: 'z6MkNew',
      created: '2025-01-01T00:00:00Z',
    };
    expect(withBadges.verificationMethod.filter((m) => m.type === 'Multikey')).toEqual([
      { ...old, id: `${KEYS}/badge-key-1.json` },
      { ...old, id: `${URL_}#badge-key-1` },
      { ...current, id: `${KEYS}/badge-key-2.json` },
      { ...current, id: `${URL_}#badge-key-2` },
    ]);
    expect(withBadges.assertionMethod).toEqual([
      `${URL_}#key-1`,
      `${URL_}#key-2`,
      `${KEYS}/badge-key-1.json`,
      `${URL_}#badge-key-1`,
      `${KEYS}/badge-key-2.json`,
      `${URL_}#badge-key-2`,
    ]);
    // The key's own document: the same id, its controller, the retirement; Multikey v1 terms only.
    expect(buildBadgeKeyDocument(badgeKeys[0]!, URL_)).toEqual({
      '@context': 'https://w3id.org/security/multikey/v1',
      id: `${KEYS}/badge-key-1.json`,
      type: 'Multikey',
      controller: URL_,
      publicKeyMultibase: 'z6MkOld',
      revoked: '2025-01-01T00:00:00Z',
    });
    expect(buildBadgeKeyDocument(badgeKeys[1]!, URL_)).not.toHaveProperty('revoked');
    expect(() =>
      buildIssuerProfile({
        ...input,
        badgeKeys: [
          {
            url: `${KEYS}/x.json`,
            fragment: 'key-1',
            publicKeyMultibase: 'z6Mk',
            created: '2024-01-01T00:00:00Z',
          },
        ],
      }),
    ).toThrow(/unique/);
  });

  it('spells introductionURL as the wallets read it', () => {
    expect(profile.introductionURL).toBe('https://api.example.edu/public/introduce');
    expect(profile.introductionAuthenticationMethod).toBe('basic');
    expect(profile.revocationList).toBe('https://certs.example.edu/issuer/revocations.json');
  });

  it('refuses duplicate fragments and an empty key list', () => {
    const base = {
      url: URL_,
      name: 'x',
      homepageUrl: 'https://x',
      email: 'x@x',
      revocationListUrl: 'https://x/r',
    };
    expect(() => buildIssuerProfile({ ...base, keys: [] })).toThrow();
    expect(() =>
      buildIssuerProfile({
        ...base,
        keys: [
          { fragment: 'key-1', publicKey: oldKey, created: '2024-01-01T00:00:00Z' },
          { fragment: 'key-1', publicKey: newKey, created: '2024-01-01T00:00:00Z' },
        ],
      }),
    ).toThrow();
  });
});

describe('revocation list', () => {
  it('builds the Open Badges 2.0 list, one entry per id', () => {
    const list = buildRevocationList({
      url: 'https://certs.example.edu/issuer/revocations.json',
      issuerProfileUrl: URL_,
      revoked: [
        { id: 'urn:uuid:1', revocationReason: 'Issued in error' },
        { id: 'urn:uuid:2' },
        { id: 'urn:uuid:1' },
      ],
    });
    expect(list).toEqual({
      '@context': 'https://w3id.org/openbadges/v2',
      id: 'https://certs.example.edu/issuer/revocations.json',
      type: 'RevocationList',
      issuer: URL_,
      revokedAssertions: [{ id: 'urn:uuid:1', revocationReason: 'Issued in error' }, { id: 'urn:uuid:2' }],
    });
  });

  it('adds the assertionId query verifiers send', () => {
    expect(revocationListQueryUrl('https://x.org/r.json', 'urn:uuid:1')).toBe(
      'https://x.org/r.json?assertionId=urn%3Auuid%3A1',
    );
    expect(revocationListQueryUrl('https://x.org/r.json?v=2', 'urn:uuid:1')).toBe(
      'https://x.org/r.json?v=2&assertionId=urn%3Auuid%3A1',
    );
  });
});
