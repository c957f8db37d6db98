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
