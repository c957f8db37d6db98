// What several bench sections share: a nearest-rank percentile and the arrangement of a paying
// organisation on a freshly spawned local cloud.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalCloudInfo } from '../../infra/local/cloud';
import { clients } from '../integration/helpers';
import { registeredAdmin } from '../integration/accounts';
import { workspaceCall, type Caller } from '../support/cohorts';

/** Nearest-rank percentile of ascending `sorted` (p in 0–100); NaN when nothing was measured. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/**
 * A new organisation as a paying one has it: an Ethereum key, that blockchain chosen, and `balance`
 * certificates (set directly: a bench measures issuing, not buying).
 */
export const payingOrganisation = async (info: LocalCloudInfo, balance: number) => {
  const admin = await registeredAdmin(info);
  const c: Caller = { appUrl: info.appUrl, token: admin.token };
  await workspaceCall(c, 'POST', '/api/keys', { blockchain: 'ethereum' });
  await workspaceCall(c, 'POST', '/api/profile', { key: 'blockchain', value: 'ethereum' });
  await clients(info).dynamo.send(
    new UpdateCommand({
      TableName: info.resources.tableName,
      Key: { pk: `ORG#${admin.orgId}`, sk: 'ORG' },
      UpdateExpression: 'SET balance = :b',
      ExpressionAttributeValues: { ':b': balance },
    }),
  );
  return { admin, c };
};
