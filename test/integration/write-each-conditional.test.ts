import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { clients, cloud } from './helpers';

/**
 * store/transaction.ts writeEachConditional against the local DynamoDB: items go in transactions of
 * `size`, each on its own condition. An item refused by its condition is answered false and left as
 * it was, its neighbours are written once, and what `along` adds counts only the items written.
 */
type Tx = typeof import('../../functions/src/store/transaction');
let tx: Tx;
let table: string;

beforeAll(async () => {
  // The store binds to the table of the environment it finds (as the engine tests do).
  Object.assign(process.env, cloud().functionEnv);
  tx = await import('../../functions/src/store/transaction');
  table = cloud().resources.tableName;
});

const pkOf = (run: string) => `TEST#WEC#${run}`;
/** A new item at (run, n), written only if nothing is there yet. */
const newItem = (run: string, n: number) =>
  tx.put({
    TableName: table,
    Item: { pk: pkOf(run), sk: `N#${String(n).padStart(4, '0')}`, value: 'new' },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
/** The run's counter of items written, added to in the same transaction as they are. */
const counted = (run: string) => (written: number) => [
  tx.update({
    TableName: table,
    Key: { pk: pkOf(run), sk: 'COUNT' },
    UpdateExpression: 'ADD written :n',
    ExpressionAttributeValues: { ':n': written },
  }),
];
const itemsOf = async (run: string) => {
  const out = await clients().dynamo.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :n)',
      ExpressionAttributeValues: { ':pk': pkOf(run), ':n': 'N#' },
    }),
  );
  return new Map((out.Items ?? []).map((i) => [i.sk as string, i.value as string]));
};
const countOf = async (run: string) =>
  (await clients().dynamo.send(new GetCommand({ TableName: table, Key: { pk: pkOf(run), sk: 'COUNT' } })))
    .Item?.written as number | undefined;

describe('writeEachConditional (rows written in transactions, each on its own condition)', () => {
  it.each<[string, { size: number; along?: boolean; atOnce?: number }]>([
    ['one transaction after another, with a count along', { size: 50, along: true }],
    ['three transactions at once', { size: 40, atOnce: 3 }],
  ])('%s: refused items answer false and stay as they were, the rest are written once', async (_, o) => {
    const run = randomUUID();
    // Items already there (in the first, a middle and the last transaction) are refused.
    const taken = [0, 49, 50, 77, 119];
    for (const n of taken)
      await clients().dynamo.send(
        new PutCommand({
          TableName: table,
          Item: { pk: pkOf(run), sk: `N#${String(n).padStart(4, '0')}`, value: 'old' },
        }),
      );
    const items = Array.from({ length: 120 }, (_, n) => newItem(run, n));
    const written = await tx.writeEachConditional(items, {
      size: o.size,
      ...(o.along ? { along: counted(run) } : {}),
      ...(o.atOnce ? { atOnce: o.atOnce } : {}),
    });
    expect(written).toEqual(items.map((_, n) => !taken.includes(n)));
    const stored = await itemsOf(run);
    expect(stored.size).toBe(120);
    for (let n = 0; n < 120; n++)
      expect(stored.get(`N#${String(n).padStart(4, '0')}`)).toBe(taken.includes(n) ? 'old' : 'new');
    expect(await countOf(run)).toBe(o.along ? 115 : undefined);
  });

  it('answers all false when every condition fails, and writes nothing along', async () => {
    const run = randomUUID();
    const items = Array.from({ length: 3 }, (_, n) => newItem(run, n));
    await tx.writeAll(items);
    const written = await tx.writeEachConditional(items, { along: counted(run) });
    expect(written).toEqual([false, false, false]);
    expect(await countOf(run)).toBeUndefined();
  });

  it('throws a failure that is not a lost condition, and that transaction writes nothing', async () => {
    const run = randomUUID();
    // An item over DynamoDB's 400 KB: the whole request is refused, not one item's condition.
    const tooLarge = tx.put({
      TableName: table,
      Item: { pk: pkOf(run), sk: 'N#0003', value: 'x'.repeat(410_000) },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    const items = [newItem(run, 1), newItem(run, 2), tooLarge];
    await expect(tx.writeEachConditional(items, { along: counted(run) })).rejects.toThrow();
    expect((await itemsOf(run)).size).toBe(0);
    expect(await countOf(run)).toBeUndefined();
  });
});
