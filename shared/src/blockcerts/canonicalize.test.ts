import { describe, expect, it } from 'vitest';
import {
  canonicalize,
  computeTargetHash,
  findUnmappedTerms,
  sha256Hex,
  UnmappedTermsError,
} from './canonicalize';
import { UnknownContextError } from './document-loader';
import vc2Sample from './fixtures/blockcerts-sample-vc2-mocknet.json';
import vc1Sample from './fixtures/blockcerts-sample-vc1-sepolia.json';

// Target hashes read from the proofValues of the two published samples (cert-verifier-js fixtures).
const VC2_SAMPLE_TARGET = '357997ba81404cff4065f003b86aaf54f99daa8828fb8ed4ba756eff0fcc9edb';
const VC1_SAMPLE_TARGET = 'b2c64ed78cccda992431c265a1d0bb657e8cefd14b1ef15ceadcc697c566994f';

describe('computeTargetHash', () => {
  it('reproduces the target hash of a published VC 2.0 Blockcerts sample', async () => {
    expect(await computeTargetHash(vc2Sample)).toBe(VC2_SAMPLE_TARGET);
  });

  it('reproduces the target hash of a published VC 1.1 Blockcerts sample', async () => {
    expect(await computeTargetHash(vc1Sample)).toBe(VC1_SAMPLE_TARGET);
  });

  it('changes when one character of the credential changes', async () => {
    const changed = structuredClone(vc2Sample);
    changed.credentialSubject.name = 'Julien Fraichoт';
    expect(await computeTargetHash(changed)).not.toBe(VC2_SAMPLE_TARGET);
  });

  it('refuses a credential with a term no context maps', async () => {
    const extra = { ...structuredClone(vc2Sample), favouriteColour: 'blue' };
    await expect(computeTargetHash(extra)).rejects.toBeInstanceOf(UnmappedTermsError);
    await expect(computeTargetHash(extra)).rejects.toThrow(/favouriteColour/);
  });

  it('refuses a credential whose type no context defines (a relative @type the fallback catches)', async () => {
    const extra = structuredClone(vc2Sample);
    extra.type = [...extra.type, 'HonoursDiploma'];
    await expect(computeTargetHash(extra)).rejects.toThrow(/HonoursDiploma/);
  });

  it('hashes a mapped credential exactly as canonicalizing it with the fallback vocab does', async () => {
    const changed = structuredClone(vc2Sample);
    changed.credentialSubject.name = 'Asha Verma';
    const { proof: _proof, ...unsigned } = changed;
    const withFallback = await canonicalize(unsigned, { withFallbackVocab: true });
    expect(await computeTargetHash(changed)).toBe(sha256Hex(withFallback));
  });

  it('never fetches an unknown context', async () => {
    const doc = {
      ...structuredClone(vc2Sample),
      '@context': [...vc2Sample['@context'], 'https://example.com/ctx'],
    };
    await expect(canonicalize(doc)).rejects.toSatisfy((e: unknown) => hasCause(e, UnknownContextError));
  });
});

describe('findUnmappedTerms', () => {
  it('lists fallback IRIs once, sorted', () => {
    const nquads =
      '_:b0 <http://fallback.org/zeta> "1" .\n_:b0 <http://fallback.org/alpha> "2" .\n_:b1 <http://fallback.org/zeta> "3" .\n';
    expect(findUnmappedTerms(nquads)).toEqual(['alpha', 'zeta']);
  });
});

function hasCause(error: unknown, type: new (...args: never[]) => Error): boolean {
  for (
    let e = error;
    e;
    e =
      (e as { cause?: unknown; details?: { cause?: unknown } }).cause ??
      (e as { details?: { cause?: unknown } }).details?.cause
  ) {
    if (e instanceof type) return true;
  }
  return false;
}
