import { describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { buildOpenBadgeCredential } from './open-badge';
import { canonicalize, findUnmappedTerms } from './canonicalize';
import {
  createEddsaRdfc2022Proof,
  ed25519DidKeyVerificationMethod,
  verifyEddsaRdfc2022Proof,
} from './eddsa-rdfc-2022';
import { verifyCredential } from './verify/verify-credential';
import { TestWorld } from './verify/test-world';
import { ISSUER_URL } from './test-fixtures';

const badge = () =>
  buildOpenBadgeCredential({
    issuer: {
      id: ISSUER_URL,
      name: 'Example University',
      url: 'https://example.edu',
      image: 'https://example.edu/logo.png',
    },
    recipient: { email: ' Ada@Example.org ' },
    achievement: {
      id: 'https://certs.example.edu/achievements/analytical-engines',
      name: 'Analytical Engines',
      description: 'Wrote the first published algorithm',
      criteriaNarrative: 'Publish an algorithm for the Analytical Engine.',
      image: 'https://certs.example.edu/badges/ae.png',
    },
    validFrom: '2025-01-31T09:00:00Z',
    salt: 'pepper',
  });

describe('buildOpenBadgeCredential', () => {
  it('builds an OB 3.0 OpenBadgeCredential with a hashed email identity', () => {
    const b = badge();
    expect(b['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(b.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(b.issuer).toMatchObject({ id: ISSUER_URL, type: ['Profile'], name: 'Example University' });
    expect(b.credentialSubject.identifier).toEqual([
      {
        type: 'IdentityObject',
        identityHash: `sha256$${bytesToHex(sha256(utf8ToBytes('ada@example.org' + 'pepper')))}`,
        identityType: 'emailAddress',
        hashed: true,
        salt: 'pepper',
      },
    ]);
    expect(b.credentialSubject.achievement.criteria).toEqual({
      narrative: 'Publish an algorithm for the Analytical Engine.',
    });
  });

  it('maps every term', async () => {
    expect(findUnmappedTerms(await canonicalize(badge(), { withFallbackVocab: true }))).toEqual([]);
  });

  it('carries a Merkle proof and an eddsa-rdfc-2022 proof side by side, both verifiable', async () => {
    const world = new TestWorld();
    const [anchored] = await world.issue([badge()]);
    const secretKey = ed25519.utils.randomSecretKey();
    const publicKey = ed25519.getPublicKey(secretKey);
    const edProof = await createEddsaRdfc2022Proof(anchored!, {
      secretKey,
      verificationMethod: ed25519DidKeyVerificationMethod(publicKey),
    });
    const both = { ...anchored!, proof: [anchored!.proof, edProof] };

    expect(await verifyEddsaRdfc2022Proof(both, edProof, publicKey)).toBe(true);
    const result = await verifyCredential(both, world.options());
    expect(result.reason).toBeUndefined();
    expect(result.status).toBe('verified');

    const ed25519First = { ...both, proof: [edProof, anchored!.proof] };
    expect(await verifyCredential(ed25519First, world.options())).toMatchObject({
      status: 'failed',
      failedStep: 'format',
    });
  });

  it('needs some way to identify the recipient', () => {
    const input = { recipient: {}, issuer: { id: ISSUER_URL, name: 'x' } } as Parameters<
      typeof buildOpenBadgeCredential
    >[0];
    expect(() => buildOpenBadgeCredential(input)).toThrow(/recipient/);
  });
});
