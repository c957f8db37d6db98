import { describe, expect, it } from 'vitest';
import { verifyCredential } from './verify-credential';
import { BLOCK_TIME, ISSUING_ADDRESS, STATUS_URL, TestWorld } from './test-world';
import { decodeProofValue, encodeProofValue } from '../proof-value';
import { sampleCredential } from '../test-fixtures';
import type { VerificationResult } from './types';
import vc1Sample from '../fixtures/blockcerts-sample-vc1-sepolia.json';
import sampleIssuer from '../fixtures/blockcerts-sample-issuer-profile.json';

function stepStatus(result: VerificationResult) {
  return Object.fromEntries(result.steps.map((s) => [s.id, s.status]));
}

describe('verifyCredential', () => {
  it('verifies a freshly issued certificate', async () => {
    const world = new TestWorld();
    const cert = await world.issueOne();
    const result = await verifyCredential(cert, world.options());
    expect(result.status).toBe('verified');
    expect(stepStatus(result)).toEqual({
      format: 'passed',
      localHash: 'passed',
      merklePath: 'passed',
      anchor: 'passed',
      issuerKey: 'passed',
      revocation: 'passed',
      suspension: 'skipped',
      validity: 'passed',
    });
    expect(result.anchoredAt).toEqual(BLOCK_TIME);
    expect(result.credentialId).toBe(cert.id);
    // The revocation list is asked with the assertionId query.
    expect(world.requests).toContain(
      `https://certs.example.edu/issuer/revocations.json?assertionId=${encodeURIComponent(cert.id)}`,
    );
  });

  it('verifies every member of a batch, and does not modify its input', async () => {
    const world = new TestWorld();
    const batch = await world.issue([sampleCredential(), sampleCredential(), sampleCredential()]);
    const before = JSON.stringify(batch);
    for (const cert of batch) expect((await verifyCredential(cert, world.options())).status).toBe('verified');
    expect(JSON.stringify(batch)).toBe(before);
  });

  it('verifies the published Blockcerts Sepolia sample against its anchor and issuer profile', async () => {
    const world = new TestWorld();
    world.web.set(sampleIssuer.id, sampleIssuer);
    world.web.set(sampleIssuer.revocationList, {
      '@context': 'https://w3id.org/openbadges/v2',
      type: 'RevocationList',
      revokedAssertions: [],
    });
    const { merkleRoot } = decodeProofValue(vc1Sample.proof.proofValue);
    world.chain.set('0x1f615470024000c3ab532ed74c5a60b8f6c2feb6489a67be20f103831996f9ab', {
      data: merkleRoot,
      from: '0x40cf9b7db6fcc742ad0a76b8588c7f8de2b54a60',
      blockTime: new Date('2022-11-02T15:33:00Z'),
    });
    const result = await verifyCredential(vc1Sample, world.options());
    expect(result.reason).toBeUndefined();
    expect(result.status).toBe('verified');
  });

  describe('integrity failures', () => {
    it('a changed character fails localHash as tampered', async () => {
      const world = new TestWorld();
      const cert = await world.issueOne();
      cert.credentialSubject.name = cert.credentialSubject.name.replace('a', 'o');
      const result = await verifyCredential(cert, world.options());
      expect(result).toMatchObject({ status: 'tampered', failedStep: 'localHash' });
      expect(stepStatus(result)).toMatchObject({
        format: 'passed',
        localHash: 'failed',
        merklePath: 'skipped',
        validity: 'skipped',
      });
    });

    it('an added, unmapped field fails localHash as tampered and names the field', async () => {
      const world = new TestWorld();
      const cert = { ...(await world.issueOne()), grade: 'A+' };
      const result = await verifyCredential(cert, world.options());
      expect(result).toMatchObject({ status: 'tampered', failedStep: 'localHash' });
      expect(result.reason).toMatch(/grade/);
    });

    it('a context this verifier does not bundle fails localHash without any fetch', async () => {
      const world = new TestWorld();
      const cert = await world.issueOne();
      const result = await verifyCredential(
        { ...cert, '@context': [...cert['@context'], 'https://evil.example/ctx.jsonld'] },
        world.options(),
      );
      expect(result).toMatchObject({ status: 'failed', failedStep: 'localHash' });
      expect(result.reason).toMatch(/does not know: https:\/\/evil\.example\/ctx\.jsonld/);
      expect(world.requests.some((u) => u.includes('evil.example'))).toBe(false);
    });

    it('a Merkle path that does not reach the root fails merklePath', async () => {
      const world = new TestWorld();
      const [cert] = await world.issue([sampleCredential(), sampleCredential()]);
      const decoded = decodeProofValue(cert!.proof.proofValue);
      cert!.proof.proofValue = encodeProofValue({ ...decoded, path: [{ left: decoded.merkleRoot }] });
      expect(await verifyCredential(cert, world.options())).toMatchObject({
        status: 'tampered',
        failedStep: 'merklePath',
      });
    });

    it('a transaction carrying another root fails the anchor as tampered', async () => {
      const world = new TestWorld();
      const cert = await world.issueOne();
      const txId = decodeProofValue(cert.proof.proofValue).anchors[0]!.split(':')[3]!;
      world.chain.set(txId, { data: 'ff'.repeat(32), from: ISSUING_ADDRESS, blockTime: BLOCK_TIME });
      expect(await verifyCredential(cert, world.options())).toMatchObject({
        status: 'tampered',
        failedStep: 'anchor',
      });
    });

    it('an unknown transaction fails the anchor', async () => {
      const world = new TestWorld();
      const cert = await world.issueOne();
      world.chain.clear();
      const result = await verifyCredential(cert, world.options());
      expect(result).toMatchObject({ status: 'failed', failedStep: 'anchor' });
      expect(result.reason).toMatch(/not found/);
    });

    it('an unreachable chain is could-not-check, and an unsupported one fails', async () => {
      const world = new TestWorld();
      const cert = await world.issueOne();
      const txId = decodeProofValue(cert.proof.proofValue).anchors[0]!.split(':')[3]!;
      world.chain.set(txId, new Error('ECONNREFUSED'));
      expect(await verifyCredential(cert, world.options())).toMatchObject({
        status: 'could-not-check',
        failedStep: 'anchor',
      });
      expect(await verifyCredential(cert, world.options({ chains: () => undefined }))).toMatchObject({
        status: 'failed',
        failedStep: 'anchor',
      });
    });

    it('an anchoring address that is not in the profile fails issuerKey', async () => {
      const world = new TestWorld();
      const [cert] = await world.issue([sampleCredential()], '0x000000000000000000000000000000000000dEaD');
      const result = await verifyCredential(cert, world.options());
      expect(result).toMatchObject({ status: 'failed', failedStep: 'issuerKey' });
      expect(result.reason).toMatch(/not a key of the issuer/);
    });

    it('a key created after, or revoked or expired before, the block fails issuerKey', async () => {
      for (const key of [
        { created: '2025-03-01T00:00:00Z' },
        { created: BLOCK_TIME.toISOString() },
        { revoked: '2025-01-15T00:00:00Z' },
        { expires: BLOCK_TIME.toISOString() },
      ]) {
        const world = new TestWorld([key]);
        const cert = await world.issueOne();
        expect(await verifyCredential(cert, world.options())).toMatchObject({
          status: 'failed',
          failedStep: 'issuerKey',
        });
      }
    });

    it('a key revoked after the block leaves the certificate valid', async () => {
      const world = new TestWorld([{ revoked: '2025-05-01T00:00:00Z' }]);
      expect((await verifyCredential(await world.issueOne(), world.options())).status).toBe('verified');
    });

    it('a verificationMethod that derives to another address fails issuerKey', async () => {
      const world = new TestWorld();
      const cert = await world.issueOne();
      const profile = world.web.get('https://certs.example.edu/issuer/profile.json') as {
        verificationMethod: { publicKeyJwk: unknown }[];
      };
      profile.verificationMethod[0]!.publicKeyJwk = {
        kty: 'EC',
        crv: 'secp256k1',
        x: '6_JKJIXL7PJQT9hnr03yQNda_fUfmfrcZpymkRqsmH4',
        y: 'steT4D8LrgwmqASd1EMy6ZyyAqsl-KvNlD7rBhX3za8',
      };
      const result = await verifyCredential(cert, world.options());
      expect(result).toMatchObject({ status: 'failed', failedStep: 'issuerKey' });
      expect(result.reason).toMatch(/verification method/);
    });

    it('an unreachable issuer profile is could-not-check', async () => {
      const world = new TestWorld();
      const cert = await world.issueOne();
      world.web.set('https://certs.example.edu/issuer/profile.json', { status: 503 });
      expect(await verifyCredential(cert, world.options())).toMatchObject({
        status: 'could-not-check',
        failedStep: 'issuerKey',
      });
    });
  });

  describe('format failures', () => {
    it('rejects non-objects, unsigned and mocknet certificates', async () => {
      const world = new TestWorld();
      expect(await verifyCredential('nope', world.options())).toMatchObject({
        status: 'failed',
        failedStep: 'format',
      });
      const { proof: _p, ...unsigned } = await world.issueOne();
      expect(await verifyCredential(unsigned, world.options())).toMatchObject({
        status: 'failed',
        failedStep: 'format',
      });
      const cert = await world.issueOne();
      expect(
        await verifyCredential({ ...cert, proof: { ...cert.proof, proofValue: 'zzz0' } }, world.options()),
      ).toMatchObject({ status: 'failed', failedStep: 'format' });
      const mocknet = await verifyCredential(
        (await import('../fixtures/blockcerts-sample-vc2-mocknet.json')).default,
        world.options(),
      );
      expect(mocknet).toMatchObject({ status: 'failed', failedStep: 'anchor' });
      expect(mocknet.reason).toMatch(/mocknet/);
    });
  });

  describe('status', () => {
    it('a revoked id in the legacy list is revoked, with its reason', async () => {
      const world = new TestWorld();
      const cert = await world.issueOne();
      world.publishRevocations([{ id: cert.id, revocationReason: 'Issued in error' }]);
      const result = await verifyCredential(cert, world.options());
      expect(result).toMatchObject({ status: 'revoked', failedStep: 'revocation' });
      expect(result.reason).toMatch(/Issued in error/);
      // The issuer's own words, once, for the headline; the steps after it say only why they were skipped.
      expect(result.issuerReason).toBe('Issued in error');
      const after = result.steps.slice(result.steps.findIndex((s) => s.id === 'revocation') + 1);
      for (const s of after) expect(s).toMatchObject({ status: 'skipped', reason: 'an earlier step failed' });
    });

    it('fails closed when the revocation list cannot be read', async () => {
      const world = new TestWorld();
      const cert = await world.issueOne();
      world.web.set('https://certs.example.edu/issuer/revocations.json', new Error('timeout'));
      expect(await verifyCredential(cert, world.options())).toMatchObject({
        status: 'could-not-check',
        failedStep: 'revocation',
      });
      world.web.set('https://certs.example.edu/issuer/revocations.json', { status: 404 });
      expect(await verifyCredential(cert, world.options())).toMatchObject({
        status: 'could-not-check',
        failedStep: 'revocation',
      });
      world.web.set('https://certs.example.edu/issuer/revocations.json', { hello: 'world' });
      expect(await verifyCredential(cert, world.options())).toMatchObject({
        status: 'could-not-check',
        failedStep: 'revocation',
      });
    });

    it('a set suspension bit is suspended; a clear one verifies', async () => {
      const world = new TestWorld();
      const held = await world.issueOne({ status: { statusListCredential: STATUS_URL, statusListIndex: 5 } });
      const free = await world.issueOne({ status: { statusListCredential: STATUS_URL, statusListIndex: 6 } });
      await world.publishStatusList([5]);
      expect(await verifyCredential(held, world.options())).toMatchObject({
        status: 'suspended',
        failedStep: 'suspension',
      });
      const ok = await verifyCredential(free, world.options());
      expect(ok.status).toBe('verified');
      expect(stepStatus(ok).suspension).toBe('passed');
    });

    it('a set revocation bit is revoked', async () => {
      const world = new TestWorld();
      const cert = await world.issueOne({
        status: { statusListCredential: STATUS_URL, statusListIndex: 9, statusPurpose: 'revocation' },
      });
      await world.publishStatusList([9]);
      const list = world.web.get(STATUS_URL) as { credentialSubject: { statusPurpose: string } };
      // The list was built for suspension: a revocation entry must not read it.
      expect(await verifyCredential(cert, world.options())).toMatchObject({
        status: 'could-not-check',
        failedStep: 'revocation',
      });
      list.credentialSubject.statusPurpose = 'revocation';
      // ...and editing the signed list breaks its proof.
      expect(await verifyCredential(cert, world.options())).toMatchObject({
        status: 'could-not-check',
        failedStep: 'revocation',
      });
      expect(await verifyCredential(cert, world.options({ requireSignedStatusList: false }))).toMatchObject({
        status: 'revoked',
      });
    });

    it('fails closed on an unreachable, unsigned or foreign status list', async () => {
      const world = new TestWorld();
      const cert = await world.issueOne({ status: { statusListCredential: STATUS_URL, statusListIndex: 5 } });
      expect(await verifyCredential(cert, world.options())).toMatchObject({
        status: 'could-not-check',
        failedStep: 'suspension',
      });
      await world.publishStatusList([], { sign: false });
      expect(await verifyCredential(cert, world.options())).toMatchObject({
        status: 'could-not-check',
        failedStep: 'suspension',
      });
      await world.publishStatusList([]);
      (world.web.get(STATUS_URL) as { issuer: string }).issuer = 'https://evil.example/profile.json';
      expect(await verifyCredential(cert, world.options())).toMatchObject({
        status: 'could-not-check',
        failedStep: 'suspension',
      });
    });

    it('past validUntil or before validFrom is expired', async () => {
      const world = new TestWorld();
      const lapsed = await world.issueOne({ validUntil: '2025-05-01T00:00:00Z' });
      expect(await verifyCredential(lapsed, world.options())).toMatchObject({
        status: 'expired',
        failedStep: 'validity',
      });
      const early = await world.issueOne({ validFrom: '2026-01-01T00:00:00Z' });
      expect(await verifyCredential(early, world.options())).toMatchObject({
        status: 'expired',
        failedStep: 'validity',
      });
      const current = await world.issueOne({ validUntil: '2026-05-01T00:00:00Z' });
      expect((await verifyCredential(current, world.options())).status).toBe('verified');
    });

    it('revoked outranks expired', async () => {
      const world = new TestWorld();
      const cert = await world.issueOne({ validUntil: '2025-05-01T00:00:00Z' });
      world.publishRevocations([{ id: cert.id }]);
      expect((await verifyCredential(cert, world.options())).status).toBe('revoked');
    });
  });
});
