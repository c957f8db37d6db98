import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { notFound } from '@proofmark/shared/errors';
import { FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { dynamoClient } from '../../adapters/aws-dynamo';
import { functionConfig } from '../../adapters/function-config';
import { sendMail } from '../../adapters/mail';
import { keys } from '../keys';
import type { UserRecord } from '../users';

/**
 * The organisation's balance: certificates it may still issue, kept as `balance` on its item
 * (`ORG#<org>` / `ORG`) and moved only inside DynamoDB transactions, each with a ledger entry
 * (`ORG#<org>` / `LEDGER#<time>#<id>`). New organisations get the free trial at registration.
 *
 * An organisation registered before balances existed has no attribute: it counts as the free
 * trial, which is what it would have got at registration (counting it as 0 would lock out exactly
 * the trial users the trial is for). Its first debit writes the attribute.
 */
export const balanceOf = (org: Record<string, unknown> | undefined): number =>
  typeof org?.balance === 'number' ? org.balance : FREE_TRIAL_CERTIFICATES;

export const getBalance = async (orgId: string): Promise<number> => {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: functionConfig().tableName, Key: keys.org(orgId), ConsistentRead: true }),
  );
  if (!out.Item) throw notFound('No such organisation.');
  return balanceOf(out.Item);
};

const ledgerItem = (orgId: string, amount: number, reason: string, runId: string) => {
  const at = new Date().toISOString();
  return {
    pk: `ORG#${orgId}`,
    sk: `LEDGER#${at}#${randomUUID()}`,
    type: 'ledger',
    orgId,
    amount,
    reason,
    runId,
    at,
  };
};

type TransactItem = Record<string, unknown>;

/**
 * The transaction items of a debit of `amount`, refused (the transaction is cancelled) unless the
 * balance is at least `need` — the amount, or the whole-cohort minimum (§5).
 */
export const debitItems = (
  orgId: string,
  amount: number,
  need: number,
  reason: string,
  runId: string,
): TransactItem[] => [
  {
    Update: {
      TableName: functionConfig().tableName,
      Key: keys.org(orgId),
      UpdateExpression: 'SET balance = if_not_exists(balance, :trial) - :n',
      ConditionExpression:
        FREE_TRIAL_CERTIFICATES >= need
          ? 'attribute_exists(pk) AND (balance >= :need OR attribute_not_exists(balance))'
          : 'attribute_exists(pk) AND balance >= :need',
      ExpressionAttributeValues: { ':trial': FREE_TRIAL_CERTIFICATES, ':n': amount, ':need': need },
    },
  },
  { Put: { TableName: functionConfig().tableName, Item: ledgerItem(orgId, -amount, reason, runId) } },
];

/** The transaction items that give `amount` back (certificates debited but never issued). */
export const refundItems = (orgId: string, amount: number, runId: string): TransactItem[] => [
  {
    Update: {
      TableName: functionConfig().tableName,
      Key: keys.org(orgId),
      UpdateExpression: 'SET balance = if_not_exists(balance, :trial) + :n',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':trial': FREE_TRIAL_CERTIFICATES, ':n': amount },
    },
  },
  { Put: { TableName: functionConfig().tableName, Item: ledgerItem(orgId, amount, 'refund', runId) } },
];

/**
 * TOP UP (§2.5, §8): a request to the product team naming the organisation, who asks, the balance
 * and the amount. False when the mail could not be sent (the caller shows the failure variant).
 */
export const requestTopUp = async (
  orgId: string,
  user: Pick<UserRecord, 'email' | 'fname' | 'lname'>,
  amount: number,
  note = '',
): Promise<boolean> => {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: functionConfig().tableName, Key: keys.org(orgId), ConsistentRead: true }),
  );
  if (!out.Item) throw notFound('No such organisation.');
  const org = out.Item;
  const balance = balanceOf(org);
  const lines = [
    `Organisation: ${String(org.name)} (${orgId})`,
    `Requested by: ${[user.fname, user.lname].filter(Boolean).join(' ')} <${user.email}>`,
    `Current balance: ${balance} certificates`,
    `Requested top-up: ${amount} certificates`,
    ...(note ? [`Note: ${note}`] : []),
  ];
  const esc = (s: string) =>
    s.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );
  try {
    await sendMail({
      to: [functionConfig().productTeamEmail],
      subject: `Top-up request: ${String(org.name)} asks for ${amount} certificates`,
      html: `<p>${lines.map(esc).join('<br/>')}</p>`,
      text: lines.join('\n'),
    });
    return true;
  } catch (err) {
    console.error(
      JSON.stringify({ level: 'error', msg: 'top-up request mail failed', orgId, error: String(err) }),
    );
    return false;
  }
};
