import { beforeAll, describe, expect, it } from 'vitest';
import { cloud } from './helpers';
import { registeredAdmin } from './accounts';

/**
 * A credentials batch ready to publish waits for the first editions of the status lists its
 * credentials name (domain/batches/status-list-editions.ts afterFirstStatusLists), which other
 * deliveries of the anchor job publish beside it: against the local DynamoDB, it returns once both
 * are out, and after its wait says which are still missing (its job is then retried). A first
 * edition that could not be queued is asked for again by the next batch.
 */
type Editions = typeof import('../../functions/src/domain/batches/status-list-editions');
type Markers = typeof import('../../functions/src/domain/once-markers');
let editions: Editions;
let markers: Markers;

beforeAll(async () => {
  Object.assign(process.env, cloud().functionEnv);
  editions = await import('../../functions/src/domain/batches/status-list-editions');
  markers = await import('../../functions/src/domain/once-markers');
});

describe('first status lists', () => {
  it('a batch waits for both first editions, and after its wait names those still missing', async () => {
    const { orgId } = await registeredAdmin();
    expect(await editions.afterFirstStatusLists(orgId, 'blockcerts', 300)).toEqual([
      'suspension',
      'revocation',
    ]);

    let settled = false;
    const waiting = editions.afterFirstStatusLists(orgId, 'blockcerts').finally(() => (settled = true));
    await editions.markStatusListPublished(orgId, 'revocation', 'blockcerts');
    await new Promise((r) => setTimeout(r, 600));
    expect(settled).toBe(false);
    await editions.markStatusListPublished(orgId, 'suspension', 'blockcerts');
    expect(await waiting).toEqual([]);

    // A badge batch names the W3C list, whose first edition is not out.
    expect(await editions.afterFirstStatusLists(orgId, 'openbadge', 300)).toEqual(['w3cRevocation']);
  });

  it('asks for a first edition again when it could not be queued the first time', async () => {
    const { orgId } = await registeredAdmin();
    const requested = () =>
      markers.markersMissing(orgId, ['revocationListRequestedAt', 'suspensionListRequestedAt']);
    // Queueing the first list fails (the queue or the bucket out of reach).
    const unreachable = () => Promise.reject(new Error('queue out of reach'));
    await expect(editions.requestFirstStatusLists(orgId, 'blockcerts', unreachable)).rejects.toThrow(
      'queue out of reach',
    );
    expect(await requested()).toEqual(['revocationListRequestedAt', 'suspensionListRequestedAt']);
    // The next batch asks for both again (a stand-in queues nothing: this organisation has no key).
    const asked: string[] = [];
    await editions.requestFirstStatusLists(orgId, 'blockcerts', async (_org, purpose) => {
      asked.push(purpose);
      return {} as never;
    });
    expect(asked).toEqual(['suspension', 'revocation']);
    expect(await requested()).toEqual([]);
    // Asked for once: a later batch does not ask again.
    await editions.requestFirstStatusLists(orgId, 'blockcerts', async (_org, purpose) => {
      asked.push(purpose);
      return {} as never;
    });
    expect(asked).toHaveLength(2);
  });
});
