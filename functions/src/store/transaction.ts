import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../adapters/aws-dynamo';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * One write of a transaction, from an entity operation's `.params()`:
 * `put(users().put(user).params())`, `update(orgs().update(key).add({ balance: -n }).params())`.
 * ElectroDB's own Service transactions answer `canceled: true` instead of throwing; our domain code
 * tells a lost race (`TransactionCanceledException` with a ConditionalCheckFailed reason) from any
 * other failure, so we send the entities' params ourselves and keep that one error.
 */
export const put = (params: object): TransactItem => ({ Put: params as TransactItem['Put'] });
export const update = (params: object): TransactItem => ({ Update: params as TransactItem['Update'] });
export const remove = (params: object): TransactItem => ({ Delete: params as TransactItem['Delete'] });
export const check = (params: object): TransactItem => ({
  ConditionCheck: params as TransactItem['ConditionCheck'],
});

/** Writes every item or none (DynamoDB allows 100 per transaction). */
export const writeAll = async (items: TransactItem[], clientRequestToken?: string) => {
  await dynamoClient().send(
    new TransactWriteCommand({ TransactItems: items, ClientRequestToken: clientRequestToken }),
  );
};

/** True when a transaction was refused because one of its conditions did not hold. */
export const lostConditionalRace = (err: unknown) => {
  const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (e?.name === 'ConditionalCheckFailedException') return true;
  return (
    e?.name === 'TransactionCanceledException' &&
    (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed')
  );
};

/**
 * Why each item of a cancelled transaction was refused, in the order the items were written
 * (`'None'` for an item that was fine, `'ConditionalCheckFailed'`, `'TransactionConflict'`...);
 * undefined when the error is not a cancelled transaction.
 */
export const cancellationReasons = (err: unknown): string[] | undefined => {
  const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (e?.name !== 'TransactionCanceledException') return undefined;
  return (e.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
};

/** DynamoDB's limit of writes in one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;
const CONFLICT_RETRIES = 5;

/**
 * Writes `items` in transactions of up to `size` writes (with what `along` adds for them), each
 * item still conditional: an item whose condition fails is left out and the others are written
 * again without it, so one lost race costs its neighbours nothing. `along(n)` gives the writes
 * that go with n items that are written (a run's count of them), in the same transaction; they
 * must not fail. Answers, per item, whether it was written. A transaction that conflicts with
 * another (a hot run item) is tried again after a short wait.
 * Rows one by one cost a request (and the SDK's signing and parsing) each: a
 * job's hundred row marks become one or two requests.
 */
export const writeEachConditional = async (
  items: TransactItem[],
  opts: {
    size?: number;
    along?: (written: number) => TransactItem[];
    /** Transactions in flight at once (default one after another); only without `along`. */
    atOnce?: number;
  } = {},
): Promise<boolean[]> => {
  const size = Math.min(opts.size ?? 50, MAX_TRANSACTION_ITEMS - (opts.along?.(1).length ?? 0));
  const written: boolean[] = new Array(items.length).fill(false);
  const writeSlice = async (start: number) => {
    // Indexes of the slice still to write: those refused by their condition drop out.
    let left = items.slice(start, start + size).map((_, i) => start + i);
    for (let conflicts = 0; left.length;) {
      const batch = [...left.map((i) => items[i]!), ...(opts.along?.(left.length) ?? [])];
      try {
        // A token per attempt: the SDK's retry of one whose answer was lost is not taken for a refusal.
        await writeAll(batch, randomUUID());
        for (const i of left) written[i] = true;
        break;
      } catch (err) {
        const reasons = cancellationReasons(err);
        if (!reasons) throw err;
        const refused = new Set(left.filter((_, k) => reasons[k] === 'ConditionalCheckFailed'));
        const ours = reasons.slice(0, left.length);
        const theirs = reasons.slice(left.length);
        if (
          ours.some((r) => !['None', 'ConditionalCheckFailed', 'TransactionConflict'].includes(r)) ||
          theirs.some((r) => !['None', 'TransactionConflict'].includes(r))
        )
          throw err;
        if (refused.size) left = left.filter((i) => !refused.has(i));
        else if (++conflicts > CONFLICT_RETRIES) throw err;
        else await new Promise((r) => setTimeout(r, 20 * 2 ** conflicts * Math.random()));
      }
    }
  };
  const starts = Array.from({ length: Math.ceil(items.length / size) }, (_, k) => k * size);
  let next = 0;
  const atOnce = opts.along ? 1 : Math.max(1, opts.atOnce ?? 1);
  await Promise.all(
    Array.from({ length: Math.min(atOnce, starts.length) }, async () => {
      while (next < starts.length) await writeSlice(starts[next++]!);
    }),
  );
  return written;
};
