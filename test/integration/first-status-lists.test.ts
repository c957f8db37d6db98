import { beforeAll, describe, expect, it } from 'vitest';
import { cloud } from './helpers';
import { registeredAdmin } from './accounts';

/**
 * A credentials batch ready to publish waits for the first editions of the status lists its
 * credentials name (domain/batches/status-list-editions.ts afterFirstStatusLists), which other
 * deliveries of the anchor job publish beside it: against the local DynamoDB, it returns once both
 * are out, and after its wait says which are still missing (its job is then retried).
 */
type Editions = typeof import('../../functions/src/domain/batches/status-list-editions');
let editions: Editions;

beforeAll(async () => {
  Object.assign(process.env, cloud().functionEnv);
  editions = await import('../../functions/src/domain/batches/status-list-editions');
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
});
