import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { queryAll } from '../adapters/table';

/**
 * Counters for the dashboard (account-and-billing §3 Dashboard: issued, sent, revoked, verification
 * requests), one item per organisation and month, added to as the work happens.
 */
export const statKinds = ['issued', 'sent', 'revoked', 'verified'] as const;
export type StatKind = (typeof statKinds)[number];

const monthOf = (at: Date) => at.toISOString().slice(0, 7);
const statKey = (orgId: string, month: string) => ({ pk: `ORG#${orgId}`, sk: `STAT#${month}` });

export const recordStat = async (orgId: string, kind: StatKind, count = 1, at = new Date()) => {
  if (count <= 0) return;
  await dynamoClient().send(
    new UpdateCommand({
      TableName: functionConfig().tableName,
      Key: statKey(orgId, monthOf(at)),
      UpdateExpression: 'ADD #k :n SET #type = :type, #month = :month',
      ExpressionAttributeNames: { '#k': kind, '#type': 'type', '#month': 'month' },
      ExpressionAttributeValues: { ':n': count, ':type': 'stat', ':month': monthOf(at) },
    }),
  );
};

export type MonthStats = { month: string } & Record<StatKind, number>;

/** Monthly counters between two months (inclusive, 'YYYY-MM'). */
export const monthlyStats = async (orgId: string, from: string, to: string): Promise<MonthStats[]> =>
  (
    await queryAll<Record<string, unknown>>({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':from': `STAT#${from}`, ':to': `STAT#${to}` },
      ConsistentRead: true,
    })
  ).map((i) => ({
    month: String(i.month),
    ...(Object.fromEntries(statKinds.map((k) => [k, Number(i[k] ?? 0)])) as Record<StatKind, number>),
  }));
