import { beforeAll, describe, expect, it } from 'vitest';
import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { RunView } from '@proofmark/shared/contract/workspace';
import type { DashboardData, MyCertificatesData } from '@proofmark/shared/contract/dashboard';
import { api, clients, cloud, eventually } from './helpers';
import { newTeamUserPermissions } from '@proofmark/shared/accounts/permissions';
import { registeredAdmin, teamUser } from './accounts';
import {
  finishedRun,
  issuedCertificates,
  publishedBatch,
  type IssuedCertificates,
} from './workspace-fixtures';

/**
 * The dashboard and My Certificates on the local cloud (account-and-billing §2, §3, §7): counts of
 * issued, sent and revoked certificates per month and year from counters written once per event
 * (a redelivered send chunk counts nothing), the verification-requests table, the CSV with its
 * formula guard, view-only access and tenancy.
 */

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

const year = new Date().getUTCFullYear();
const month = new Date().toISOString().slice(0, 7);
const monthly = `timetype=month&start=${year}-01&end=${year}-12`;

const dashboard = async (token: string, query = monthly) =>
  api<DashboardData>('GET', `/api/dashboard?${query}`, { token });
const csv = async (token: string, query: string) => {
  const res = await fetch(`${cloud().appUrl}/api/dashboard/download?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    text: await res.text(),
  };
};
const queueDrained = (queueUrl: string) =>
  eventually(async () => {
    const a =
      (
        await clients().sqs.send(
          new GetQueueAttributesCommand({
            QueueUrl: queueUrl,
            AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
          }),
        )
      ).Attributes ?? {};
    return Number(a.ApproximateNumberOfMessages) + Number(a.ApproximateNumberOfMessagesNotVisible) === 0
      ? true
      : undefined;
  }, 30_000);

describe('the dashboard', () => {
  let admin: Admin;
  let issued: IssuedCertificates;
  let sendRun: RunView;

  beforeAll(async () => {
    admin = await registeredAdmin();
    issued = await issuedCertificates(admin, [
      { id: 'D1', first: '=HYPERLINK("http://evil.test")', last: 'Formula' },
      { id: 'D2' },
      { id: 'D3' },
    ]);
    const send = await api<RunView>('POST', '/api/workspace/send', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: issued.items.slice(0, 2) },
    });
    expect(send.status).toBe(202);
    sendRun = await finishedRun(admin, send.body.Data!.id);
    const revoke = await api<{ batchId: string }>('POST', '/api/workspace/revoke', {
      token: admin.token,
      body: {
        email: admin.email,
        password: admin.password,
        certtype: 'degree',
        selectedItems: [issued.items[0]],
        revokereason: 'Issued in error',
      },
    });
    expect(revoke.status, JSON.stringify(revoke.body)).toBe(200);
    await publishedBatch(admin, revoke.body.Data!.batchId);
  }, 400_000);

  it('counts issued, sent and revoked this month, and nothing in years before', async () => {
    const res = await dashboard(admin.token);
    expect(res.status).toBe(200);
    const d = res.body.Data!;
    expect(d.xAxis).toHaveLength(12);
    expect(d).toMatchObject({ issueTotal: 3, sentTotal: 2, revokeTotal: 1 });
    const i = d.xAxis.indexOf(month);
    expect([d.yAxis.issued[i], d.yAxis.sent[i], d.yAxis.revoked[i]]).toEqual([3, 2, 1]);
    expect(d.yAxis.issued.reduce((a, b) => a + b, 0)).toBe(3);

    const earlier = (await dashboard(admin.token, 'timetype=year&start=2018&end=2020')).body.Data!;
    expect(earlier.xAxis).toEqual(['2018', '2019', '2020']);
    expect(earlier).toMatchObject({ issueTotal: 0, sentTotal: 0, revokeTotal: 0 });
    const thirty = (await dashboard(admin.token, 'timetype=year&start=2018&end=2047')).body.Data!;
    expect(thirty.xAxis).toHaveLength(30);
    expect(thirty.yAxis.issued[thirty.xAxis.indexOf(String(year))]).toBe(3);
  });

  it('refuses a period it cannot answer, naming the field', async () => {
    const res = await dashboard(admin.token, 'timetype=year&start=2018&end=2050');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/30 years/);
    expect((await dashboard(admin.token, 'timetype=month&start=2026-13&end=2026-12')).status).toBe(400);
  });

  it('counts a redelivered send chunk once', async () => {
    await clients().sqs.send(
      new SendMessageCommand({
        QueueUrl: cloud().resources.queueUrls.send,
        MessageBody: JSON.stringify({
          orgId: admin.orgId,
          runId: sendRun.id,
          chunk: 0,
          certtype: 'degree',
          items: issued.items.slice(0, 2),
        }),
      }),
    );
    await queueDrained(cloud().resources.queueUrls.send);
    await new Promise((r) => setTimeout(r, 500));
    expect((await dashboard(admin.token)).body.Data).toMatchObject({
      issueTotal: 3,
      sentTotal: 2,
      revokeTotal: 1,
    });
  });

  it('gives My Certificates the counts per status', async () => {
    const res = await api<MyCertificatesData>('GET', '/api/mycertificates', { token: admin.token });
    expect(res.status).toBe(200);
    const degree = res.body.Data!.types.find((t) => t.certtype === 'degree');
    // D1 sent then revoked, D2 sent, D3 issued.
    expect(degree).toMatchObject({ issued: 1, sent: 1, revoked: 1, hold: 0, inProgress: 0 });
  });

  it('lists a verification in the table and downloads the CSV with the same numbers, formulas neutralised', async () => {
    const slug = admin.session.organization_verify_uri.split('/').pop()!;
    const credentialId = issued.credentials[0]!.id;
    const rec = await api('POST', '/api/public/verifications', {
      body: { slug, credentialId, verdict: 'revoked', method: 'id' },
    });
    expect(rec.status).toBeLessThan(300);
    const rows = await eventually(async () => {
      const d = (await dashboard(admin.token)).body.Data!;
      return d.verify.rows.length ? d.verify.rows : undefined;
    });
    expect(rows[0]).toMatchObject({ kind: 'check', credentialId, verdict: 'revoked' });
    expect(rows[0]!.fullname.startsWith('=HYPERLINK')).toBe(true);
    const searched = (await dashboard(admin.token, `${monthly}&search=${encodeURIComponent('Formula')}`)).body
      .Data!;
    expect(searched.verify.rows).toHaveLength(1);
    const none = (await dashboard(admin.token, `${monthly}&search=nobody-at-all`)).body.Data!;
    expect(none.verify.rows).toHaveLength(0);

    const issuedCsv = await csv(admin.token, `${monthly}&category=issue`);
    expect(issuedCsv.status).toBe(200);
    expect(issuedCsv.type).toMatch(/^text\/csv/);
    expect(issuedCsv.disposition).toContain('download.csv');
    const lines = issuedCsv.text.trim().split('\r\n');
    expect(lines[0]).toBe('month,issued');
    expect(lines).toContain(`${month},3`);
    expect(lines).toHaveLength(13);
    expect((await csv(admin.token, `${monthly}&category=sent`)).text).toContain(`${month},2`);
    expect((await csv(admin.token, `${monthly}&category=revoke`)).text).toContain(`${month},1`);

    const verifyCsv = await csv(admin.token, `${monthly}&category=verify`);
    expect(verifyCsv.status).toBe(200);
    const [, row] = verifyCsv.text.trim().split('\r\n');
    // The recipient's name began with '=': the cell starts with a quote, so no spreadsheet runs it.
    expect(row).toContain(`"'=HYPERLINK(""http://evil.test"") Formula"`);
    expect(row).toContain(credentialId);
  });

  it('shows view-only members the dashboard and My Certificates', async () => {
    const member = await teamUser(admin, newTeamUserPermissions());
    const res = await dashboard(member.token);
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({ issueTotal: 3, sentTotal: 2, revokeTotal: 1 });
    expect((await api('GET', '/api/mycertificates', { token: member.token })).status).toBe(200);
    expect((await csv(member.token, `${monthly}&category=issue`)).status).toBe(200);
  });

  it("never shows another organisation's counts or verifications", async () => {
    const other = await registeredAdmin();
    const d = (await dashboard(other.token)).body.Data!;
    expect(d).toMatchObject({ issueTotal: 0, sentTotal: 0, revokeTotal: 0, verifyTotal: 0 });
    expect(d.verify.rows).toEqual([]);
    const mine = (await api<MyCertificatesData>('GET', '/api/mycertificates', { token: other.token })).body
      .Data!;
    expect(mine.totals).toEqual({ issued: 0, inProgress: 0, sent: 0, revoked: 0, hold: 0 });
    expect((await csv(other.token, `${monthly}&category=verify`)).text.trim().split('\r\n')).toHaveLength(1);
    expect((await dashboard('')).status).toBe(401);
  });
});
