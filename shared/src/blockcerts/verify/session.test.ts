import { describe, expect, it } from 'vitest';
import { ISSUER_URL, sampleCredential } from '../test-fixtures';
import { verificationSession } from './session';
import { verifyCredential } from './verify-credential';
import { REVOCATION_URL, TestWorld } from './test-world';
import type { Anchor } from '../anchor';

describe('verificationSession', () => {
  it('reads the issuer profile and the anchor once for a batch, and still checks every certificate', async () => {
    const world = new TestWorld();
    const batch = await world.issue([sampleCredential(), sampleCredential(), sampleCredential()]);
    const lookups: string[] = [];
    const session = verificationSession(
      world.options({
        chains: () => ({
          lookup: (a: Anchor) => {
            lookups.push(a.txId);
            return world.lookup.lookup(a);
          },
        }),
      }),
    );
    for (const cert of batch) expect((await verifyCredential(cert, session)).status).toBe('verified');
    expect(lookups).toHaveLength(1);
    expect(world.requests.filter((u) => u === ISSUER_URL)).toHaveLength(1);
    // The revocation list is asked per certificate id (an issuer may answer for that id only).
    expect(world.requests.filter((u) => u.startsWith(REVOCATION_URL))).toHaveLength(3);

    // Shared reads never stand in for a certificate's own checks.
    const changed = structuredClone(batch[1]!) as typeof batch[1] & { name: string };
    changed.name = 'Something else';
    expect((await verifyCredential(changed, session)).status).toBe('tampered');
  });

  it('sees a revocation once the documents are older than their time to live', async () => {
    const world = new TestWorld();
    const cert = await world.issueOne();
    let clock = 0;
    const session = verificationSession(world.options(), { documentTtlMs: 1_000, now: () => clock });
    expect((await verifyCredential(cert, session)).status).toBe('verified');
    world.publishRevocations([{ id: cert.id, revocationReason: 'Issued in error' }]);
    clock = 500;
    expect((await verifyCredential(cert, session)).status).toBe('verified');
    clock = 1_500;
    expect((await verifyCredential(cert, session)).status).toBe('revoked');
  });

  it('keeps no failed read: an unreachable list or an unknown transaction is asked again', async () => {
    const world = new TestWorld();
    const cert = await world.issueOne();
    const list = world.web.get(REVOCATION_URL);
    world.web.set(REVOCATION_URL, { status: 503 });
    const session = verificationSession(world.options());
    expect((await verifyCredential(cert, session)).status).toBe('could-not-check');
    world.web.set(REVOCATION_URL, list);
    expect((await verifyCredential(cert, session)).status).toBe('verified');

    const fresh = verificationSession(world.options());
    const [txId, record] = [...world.chain][0]!;
    world.chain.delete(txId);
    expect((await verifyCredential(cert, fresh)).status).toBe('failed');
    world.chain.set(txId, record!);
    expect((await verifyCredential(cert, fresh)).status).toBe('verified');
  });
});
