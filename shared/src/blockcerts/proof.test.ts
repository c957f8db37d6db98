import { describe, expect, it } from 'vitest';
import { computeTargetHash } from './canonicalize';
import { rootFromPath } from './merkle';
import { decodeProofValue } from './proof-value';
import { finalizeBatch, prepareBatch, signBatch } from './proof';
import { ISSUER_URL, sampleCredential } from './test-fixtures';

const TX = '0x' + 'ab'.repeat(32);
const ANCHOR = `blink:eth:sepolia:${TX}`;

describe('prepareBatch / finalizeBatch', () => {
  it('signs each credential with a proof that leads from its own hash to the anchored root', async () => {
    const credentials = [sampleCredential(), sampleCredential(), sampleCredential()];
    const batch = await prepareBatch(credentials);
    expect(batch.merkleRoot).toMatch(/^[0-9a-f]{64}$/);

    // The batch survives a trip through storage.
    const signed = finalizeBatch(JSON.parse(JSON.stringify(batch)), ANCHOR, {
      created: '2025-02-01T00:00:00Z',
    });
    for (const [i, credential] of signed.entries()) {
      expect(credential.proof).toMatchObject({
        type: 'DataIntegrityProof',
        cryptosuite: 'merkle-proof-2019',
        proofPurpose: 'assertionMethod',
        created: '2025-02-01T00:00:00Z',
        verificationMethod: `${ISSUER_URL}#key-1`,
      });
      const decoded = decodeProofValue(credential.proof.proofValue);
      expect(decoded.anchors).toEqual([ANCHOR]);
      expect(decoded.merkleRoot).toBe(batch.merkleRoot);
      expect(decoded.targetHash).toBe(await computeTargetHash(credential));
      expect(decoded.targetHash).toBe(batch.targetHashes[i]);
      expect(rootFromPath(decoded.targetHash, decoded.path)).toBe(batch.merkleRoot);
    }
  });

  it('a batch of one anchors the credential hash itself', async () => {
    const [signed] = await signBatch([sampleCredential()], async (root) => {
      expect(root).toMatch(/^[0-9a-f]{64}$/);
      return { chain: 'btc', network: 'testnet', txId: 'cd'.repeat(32) };
    });
    const decoded = decodeProofValue(signed!.proof.proofValue);
    expect(decoded.path).toEqual([]);
    expect(decoded.merkleRoot).toBe(decoded.targetHash);
    expect(decoded.anchors).toEqual([`blink:btc:testnet:${'cd'.repeat(32)}`]);
  });

  it('refuses empty, already signed, tampered or mocknet batches', async () => {
    await expect(prepareBatch([])).rejects.toThrow();
    const batch = await prepareBatch([sampleCredential(), sampleCredential()]);
    const [signed] = finalizeBatch(batch, ANCHOR);
    await expect(prepareBatch([signed!])).rejects.toThrow(/already signed/);
    expect(() =>
      finalizeBatch({ ...batch, targetHashes: [...batch.targetHashes].reverse() }, ANCHOR),
    ).toThrow(/Merkle root/);
    expect(() => finalizeBatch(batch, 'blink:mocknet:mocknet:x')).toThrow(/mocknet/);
    expect(() => finalizeBatch(batch, 'blink:eth:sepolia:0x12')).toThrow();
  });
});
