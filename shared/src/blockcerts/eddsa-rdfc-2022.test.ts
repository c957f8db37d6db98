import { describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { createOfflineDocumentLoader } from './document-loader';
import {
  createEddsaRdfc2022Proof,
  ed25519DidKeyVerificationMethod,
  ed25519PublicKeyFromMultibase,
  ed25519PublicKeyMultibase,
  verifyEddsaRdfc2022Proof,
} from './eddsa-rdfc-2022';

// Test vector of the W3C spec (w3c/vc-di-eddsa TestVectors/eddsa-rdfc-2022). The examples context
// is a one-line @vocab document; it is served here for the test only.
const loader = createOfflineDocumentLoader(
  new Map([
    [
      'https://www.w3.org/ns/credentials/examples/v2',
      { '@context': { '@vocab': 'https://www.w3.org/ns/credentials/examples#' } },
    ],
  ]),
);
const PUBLIC_KEY_MULTIBASE = 'z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2';
const PRIVATE_KEY_MULTIBASE = 'z3u2en7t5LR2WtQH5PfFqMqwVHBeXouLzo6haApm8XHqvjxq';
const unsigned = {
  '@context': ['https://www.w3.org/ns/credentials/v2', 'https://www.w3.org/ns/credentials/examples/v2'],
  id: 'urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33',
  type: ['VerifiableCredential', 'AlumniCredential'],
  name: 'Alumni Credential',
  description: 'A minimum viable example of an Alumni Credential.',
  issuer: 'https://vc.example/issuers/5678',
  validFrom: '2023-01-01T00:00:00Z',
  credentialSubject: { id: 'did:example:abcdefgh', alumniOf: 'The School of Examples' },
};
const EXPECTED_PROOF_VALUE =
  'z2YwC8z3ap7yx1nZYCg4L3j3ApHsF8kgPdSb5xoS1VR7vPG3F561B52hYnQF9iseabecm3ijx4K1FBTQsCZahKZme';

describe('eddsa-rdfc-2022', () => {
  const secretKey = base58.decode(PRIVATE_KEY_MULTIBASE.slice(1)).slice(2); // 0x8026 multicodec prefix
  const publicKey = ed25519PublicKeyFromMultibase(PUBLIC_KEY_MULTIBASE);

  it('reproduces the W3C test vector', async () => {
    expect(ed25519PublicKeyMultibase(ed25519.getPublicKey(secretKey))).toBe(PUBLIC_KEY_MULTIBASE);
    const proof = await createEddsaRdfc2022Proof(unsigned, {
      secretKey,
      verificationMethod: ed25519DidKeyVerificationMethod(publicKey),
      created: '2023-02-24T23:36:38Z',
      documentLoader: loader,
    });
    expect(proof.proofValue).toBe(EXPECTED_PROOF_VALUE);
    expect(await verifyEddsaRdfc2022Proof({ ...unsigned, proof }, proof, publicKey, loader)).toBe(true);
  });

  it('rejects a changed document, another key and a garbled proof', async () => {
    const proof = await createEddsaRdfc2022Proof(unsigned, {
      secretKey,
      verificationMethod: 'did:example:k#1',
      documentLoader: loader,
    });
    expect(
      await verifyEddsaRdfc2022Proof({ ...unsigned, name: 'Alumni Credentia1' }, proof, publicKey, loader),
    ).toBe(false);
    expect(
      await verifyEddsaRdfc2022Proof(
        unsigned,
        proof,
        ed25519.getPublicKey(ed25519.utils.randomSecretKey()),
        loader,
      ),
    ).toBe(false);
    expect(await verifyEddsaRdfc2022Proof(unsigned, { ...proof, proofValue: 'zzz' }, publicKey, loader)).toBe(
      false,
    );
    expect(
      await verifyEddsaRdfc2022Proof(
        unsigned,
        { ...proof, created: '2024-01-01T00:00:00Z' },
        publicKey,
        loader,
      ),
    ).toBe(false);
  });
});
