import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clients, cloud } from './helpers';

/**
 * The idempotency helper (functions/src/store/idempotency.ts) against the local DynamoDB: the same
 * key sent twice in sequence and at once, counting the side effects (the work's calls).
 */
type Helper = typeof import('../../functions/src/store/idempotency');
let idem: Helper;

beforeAll(async () => {
  // The store binds to the table of the environment it finds (as the engine tests do).
  Object.assign(process.env, cloud().functionEnv);
  idem = await import('../../functions/src/store/idempotency');
});

const keyOf = (scope = 'test') => ({ orgId: `org-${randomUUID()}`, scope, key: randomUUID() });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const recordKey = (k: ReturnType<typeof keyOf>) => ({
  pk: `ORG#${k.orgId}`,
  sk: `IDEMPOTENCY#${k.scope}#${k.key}`,
});
const record = async (k: ReturnType<typeof keyOf>) =>
  (
    await clients().dynamo.send(
      new GetCommand({ TableName: cloud().resources.tableName, Key: recordKey(k), ConsistentRead: true }),
    )
  ).Item;

describe('once: one idempotency helper for jobs and client-keyed requests', () => {
  it('does the work once when the same key comes twice in sequence; the second gets the recorded result', async () => {
    const k = keyOf();
    let calls = 0;
    const work = async () => ({ n: ++calls, at: 'first' });
    const a = await idem.once(k, work);
    const b = await idem.once(k, work);
    expect(calls).toBe(1);
    expect(a).toEqual({ result: { n: 1, at: 'first' }, first: true });
    expect(b).toEqual({ result: { n: 1, at: 'first' }, first: false });
    // Tenant first, and it expires (the table's TTL attribute).
    const item = await record(k);
    expect(item).toMatchObject({ pk: `ORG#${k.orgId}`, state: 'done' });
    expect(item!.expiresAt).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
  });

  it('keeps two kinds of work apart under one key', async () => {
    const k = keyOf('one');
    let calls = 0;
    await idem.once(k, async () => ++calls);
    await idem.once({ ...k, scope: 'two' }, async () => ++calls);
    expect(calls).toBe(2);
  });

  it('does the work once when the same key comes five times at once: waiting duplicates get its result', async () => {
    const k = keyOf();
    let calls = 0;
    const work = async () => {
      calls++;
      await sleep(400);
      return 'made';
    };
    const all = await Promise.all(Array.from({ length: 5 }, () => idem.once(k, work, { waitMs: 10_000 })));
    expect(calls).toBe(1);
    expect(all.map((o) => o.result)).toEqual(['made', 'made', 'made', 'made', 'made']);
    expect(all.filter((o) => o.first)).toHaveLength(1);
  });

  it('tells a duplicate that does not wait that the work is in progress (a 409)', async () => {
    const k = keyOf();
    let calls = 0;
    let release!: () => void;
    const first = idem.once(k, () => {
      calls++;
      return new Promise<string>((r) => (release = () => r('done')));
    });
    await sleep(200);
    const dup = await idem.once(k, async () => ++calls).catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(idem.WorkInProgress);
    expect((dup as InstanceType<Helper['WorkInProgress']>).status).toBe(409);
    release();
    expect(await first).toEqual({ result: 'done', first: true });
    expect(calls).toBe(1);
  });

  it('lets failed work go: the retry does it again, and then only once', async () => {
    const k = keyOf();
    let calls = 0;
    await expect(
      idem.once(k, async () => {
        calls++;
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await record(k)).toBeUndefined();
    const retry = await idem.once(k, async () => ++calls);
    await idem.once(k, async () => ++calls);
    expect(retry).toEqual({ result: 2, first: true });
    expect(calls).toBe(2);
  });

  it('keeps the lease alive while the work runs, so a slow holder is not taken over', async () => {
    const k = keyOf();
    let calls = 0;
    const slow = idem.once(
      k,
      async () => {
        calls++;
        await sleep(1200);
        return 'slow';
      },
      { leaseMs: 300 },
    );
    await sleep(700); // past the first lease: only renewals keep it
    const dup = await idem.once(k, async () => ++calls, { leaseMs: 300, waitMs: 3000 });
    expect(await slow).toEqual({ result: 'slow', first: true });
    expect(dup).toEqual({ result: 'slow', first: false });
    expect(calls).toBe(1);
  });

  it('takes over work whose holder died (its lease lapsed), as a restarted local cloud does', async () => {
    const k = keyOf();
    // What a killed process leaves: an unfinished record whose lease is no longer renewed.
    await idem
      .once(k, async () => 'x')
      .then(() =>
        clients().dynamo.send(
          new UpdateCommand({
            TableName: cloud().resources.tableName,
            Key: recordKey(k),
            UpdateExpression: 'SET #s = :p, leaseUntil = :t, #o = :dead REMOVE #r',
            ExpressionAttributeNames: { '#s': 'state', '#o': 'owner', '#r': 'result' },
            ExpressionAttributeValues: { ':p': 'in-progress', ':t': Date.now() + 500, ':dead': 'dead' },
          }),
        ),
      );
    let calls = 0;
    const early = await idem.once(k, async () => ++calls).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(idem.WorkInProgress);
    const late = await idem.once(k, async () => ++calls, { waitMs: 5000 });
    expect(late).toEqual({ result: 1, first: true });
    expect(calls).toBe(1);
  });

  it('forgets a result once its record expired: the key does the work again', async () => {
    const k = keyOf();
    let calls = 0;
    await idem.once(k, async () => ++calls);
    await clients().dynamo.send(
      new UpdateCommand({
        TableName: cloud().resources.tableName,
        Key: recordKey(k),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect(await idem.once(k, async () => ++calls)).toEqual({ result: 2, first: true });
    expect(calls).toBe(2);
  });
});
