import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { clients, cloud } from './helpers';
import { registeredAdmin } from './accounts';

/*
 * The balance rule as DynamoDB Local applies it: a debit's transaction items (the ones the
 * workspace's Issue and Bake write) go through only when the balance covers what is needed, an
 * organisation without a balance attribute (registered before balances existed) counting as the
 * free trial. Called in this process, like ./engine.ts, against the test's local cloud.
 */
describe('debiting the balance', () => {
  let balance: typeof import('../../functions/src/domain/billing/balance');
  let orgId: string;
  const table = () => cloud().resources.tableName;
  const orgKey = () => ({ pk: `ORG#${orgId}`, sk: 'ORG' });

  beforeAll(async () => {
    Object.assign(process.env, cloud().functionEnv);
    balance = await import('../../functions/src/domain/billing/balance');
    orgId = (await registeredAdmin()).orgId;
  });

  const setBalance = (value: number | undefined) =>
    clients().dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: orgKey(),
        ...(value === undefined
          ? { UpdateExpression: 'REMOVE balance' }
          : { UpdateExpression: 'SET balance = :b', ExpressionAttributeValues: { ':b': value } }),
      }),
    );
  const stored = async () =>
    (await clients().dynamo.send(new GetCommand({ TableName: table(), Key: orgKey(), ConsistentRead: true })))
      .Item?.balance as number | undefined;
  /** Writes a debit's items; true when DynamoDB took it, false when it cancelled the transaction. */
  const debit = async (org: string, amount: number, need: number) => {
    try {
      await clients().dynamo.send(
        new TransactWriteCommand({ TransactItems: balance.debitItems(org, amount, need, 'issue', 'run-1') }),
      );
      return true;
    } catch (err) {
      if ((err as { name?: string }).name === 'TransactionCanceledException') return false;
      throw err;
    }
  };

  it('takes the amount when the balance covers what is needed, and refuses it otherwise', async () => {
    await setBalance(5);
    expect(await debit(orgId, 2, 3)).toBe(true);
    expect(await stored()).toBe(3);
    // The whole-cohort minimum can ask for more than the amount debited.
    expect(await debit(orgId, 2, 4)).toBe(false);
    expect(await stored()).toBe(3);
    expect(await debit(orgId, 3, 3)).toBe(true);
    expect(await stored()).toBe(0);
    expect(await debit(orgId, 1, 1)).toBe(false);
    expect(await stored()).toBe(0);
  });

  it('counts a missing balance as the free trial', async () => {
    await setBalance(undefined);
    expect(await debit(orgId, FREE_TRIAL_CERTIFICATES + 1, FREE_TRIAL_CERTIFICATES + 1)).toBe(false);
    expect(await stored()).toBeUndefined();
    expect(await debit(orgId, 2, FREE_TRIAL_CERTIFICATES)).toBe(true);
    expect(await stored()).toBe(FREE_TRIAL_CERTIFICATES - 2);
  });

  it('gives a refund back, and debits no organisation that does not exist', async () => {
    await setBalance(1);
    await clients().dynamo.send(new TransactWriteCommand({ TransactItems: balance.refundItems(orgId, 4, 'run-1') }));
    expect(await stored()).toBe(5);
    expect(await debit(`no-such-org-${Date.now()}`, 1, 1)).toBe(false);
  });
});
