import { describe, expect, it } from 'vitest';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactionReceipt } from '@proofmark/shared/contract/transactions';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { routes, routeKey } from '../../functions/src/routes';
import { api, clients, cloud } from './helpers';
import { registeredAdmin } from './accounts';
import { issuedCertificates } from './workspace-fixtures';

/**
 * Finding 9 of the security review: `POST /api/batches` issued without the workspace's checks and
 * `/api/credentials/revoke|hold|unhold` changed statuses without the password and without touching
 * the recipient rows or the dashboard counts. One action has one API now, the workspace's.
 * issuing.test.ts covers every refusal of that API in depth; this file shows the second routes are
 * gone and the one left keeps its rule set end to end.
 */

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

const removed = [
  ['POST', '/api/batches', { certificate: { name: 'Degree' }, recipients: [{ name: 'Mallory' }] }],
  ['POST', '/api/credentials/revoke', { credentialIds: ['urn:uuid:x'], revokereason: 'because' }],
  ['POST', '/api/credentials/hold', { credentialIds: ['urn:uuid:x'] }],
  ['POST', '/api/credentials/unhold', { credentialIds: ['urn:uuid:x'] }],
] as const;

const balance = async (admin: Admin) =>
  (await api<{ balance: number }>('GET', '/api/balance', { token: admin.token })).body.Data!.balance;
const transactions = async (admin: Admin) =>
  (await api<TransactionReceipt[]>('GET', '/api/transactions', { token: admin.token })).body.Data!;

/** The dashboard's counters (issued, revoked, …), summed over the months. */
const dashboardCounts = async (admin: Admin) => {
  const out = await clients().dynamo.send(
    new QueryCommand({
      TableName: cloud().resources.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `ORG#${admin.orgId}`, ':sk': 'STAT#' },
      ConsistentRead: true,
    }),
  );
  const sum = (k: string) => (out.Items ?? []).reduce((n, i) => n + Number(i[k] ?? 0), 0);
  return { issued: sum('issued'), revoked: sum('revoked') };
};

/** The recipient row's status, as the workspace tables show it. */
const rowStatus = async (admin: Admin, cohort: string, studentid: string) =>
  (
    await clients().dynamo.send(
      new GetCommand({
        TableName: cloud().resources.tableName,
        Key: { pk: `ORG#${admin.orgId}#COH#${cohort}`, sk: `CT#degree#R#${studentid}` },
        ConsistentRead: true,
      }),
    )
  ).Item?.status as string | undefined;

describe('one API per action (security finding 9)', () => {
  it('has no second route that issues, revokes, holds or unholds', async () => {
    const keys = routes.map(routeKey);
    for (const [method, path] of removed) expect(keys).not.toContain(`${method} ${path}`);

    const admin = await registeredAdmin();
    expect(
      (await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } })).status,
    ).toBe(201);
    for (const [method, path, body] of removed) {
      const res = await api(method, path, { token: admin.token, body });
      expect([404, 405], `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`).toContain(
        res.status,
      );
    }
    // Nothing was issued or charged.
    expect(await balance(admin)).toBe(FREE_TRIAL_CERTIFICATES);
    expect(await transactions(admin)).toEqual([]);
  });

  it('issues with a debit, revokes only with the password, and both update the rows and the dashboard', async () => {
    const admin = await registeredAdmin();
    const issued = await issuedCertificates(admin, 2);
    const [first, second] = issued.ids as [string, string];
    expect(await balance(admin)).toBe(FREE_TRIAL_CERTIFICATES - 2);
    expect(await dashboardCounts(admin)).toEqual({ issued: 2, revoked: 0 });
    expect(await rowStatus(admin, issued.cohort, first)).toBe('Certificate issued');

    const revoke = (password: string) =>
      api('POST', '/api/workspace/revoke', {
        token: admin.token,
        body: {
          email: admin.email,
          password,
          certtype: 'degree',
          selectedItems: [`${issued.cohort}=${first}`],
          revokereason: 'Issued in error',
        },
      });
    const wrong = await revoke('not the password');
    expect([wrong.status, wrong.body.message]).toEqual([400, m.wrongCredentials]);
    expect(await rowStatus(admin, issued.cohort, first)).toBe('Certificate issued');
    expect(await dashboardCounts(admin)).toEqual({ issued: 2, revoked: 0 });

    const right = await revoke(admin.password);
    expect([right.status, right.body.message]).toEqual([200, m.revoked]);
    expect(await rowStatus(admin, issued.cohort, first)).toBe('Revoked');
    expect(await dashboardCounts(admin)).toEqual({ issued: 2, revoked: 1 });

    const held = await api('POST', '/api/workspace/hold', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: [`${issued.cohort}=${second}`] },
    });
    expect([held.status, held.body.message]).toEqual([200, m.held]);
    expect(await rowStatus(admin, issued.cohort, second)).toBe('Hold');
    const unheld = await api('POST', '/api/workspace/unhold', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: [`${issued.cohort}=${second}`] },
    });
    expect([unheld.status, unheld.body.message]).toEqual([200, m.unheld]);
    expect(await rowStatus(admin, issued.cohort, second)).toBe('Certificate issued');
  }, 300_000);
});
