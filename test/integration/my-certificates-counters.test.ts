import { beforeAll, describe, expect, it } from 'vitest';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { MyCertificatesData } from '@proofmark/shared/contract/dashboard';
import type { RunList } from '@proofmark/shared/contract/workspace';
import { isIssuedTabStatus } from '@proofmark/shared/workspace/rules';
import { api, clients, cloud, queueDrained } from './helpers';
import { registeredAdmin } from './accounts';
import { storeOf } from './store-fixtures';
import {
  addStudents,
  finishedRun,
  issuedCertificates,
  publishedBatch,
  toPkReceived,
  type IssuedCertificates,
} from './workspace-fixtures';

/**
 * My Certificates' counts per status come from counters, not rows: after rows are imported (twice:
 * a repeated import counts nothing), generated, issued, held, revoked and deleted, and after the
 * issue and import jobs' messages are delivered again, every count equals a scan of the rows.
 */

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;
type Counts = MyCertificatesData['totals'];

const myDegree = async (admin: Admin) => {
  const res = await api<MyCertificatesData>('GET', '/api/mycertificates', { token: admin.token });
  expect(res.status).toBe(200);
  const { certtype: _, ...counts } = res.body.Data!.types.find((t) => t.certtype === 'degree')!;
  return counts;
};

/** The same counts from the rows themselves. */
const scanned = async (admin: Admin, cohorts: string[]): Promise<Counts> => {
  const { recipients } = await storeOf();
  const counts: Counts = { inProgress: 0, issued: 0, sent: 0, hold: 0, revoked: 0 };
  const key: Record<string, keyof Counts> = {
    'Certificate issued': 'issued',
    'Certificate sent': 'sent',
    Hold: 'hold',
    Revoked: 'revoked',
  };
  for (const cohortid of cohorts) {
    const { data } = await recipients()
      .query.byId({ orgId: admin.orgId, cohortid, certtype: 'degree' })
      .go({ pages: 'all', consistent: true });
    for (const r of data) counts[isIssuedTabStatus(r.status) ? key[r.status!]! : 'inProgress'] += 1;
  }
  return counts;
};

describe('My Certificates counts', () => {
  let admin: Admin;
  let issued: IssuedCertificates;
  const pending = 'MC-Pending';
  const students = ['P1', 'P2', 'P3', 'P4'].map((id) => ({ id }));

  beforeAll(async () => {
    admin = await registeredAdmin();
    // Four rows imported, given a key, generated and issued.
    issued = await issuedCertificates(admin, 4);
    // Four more imported; imported again (the same sheet: updated, not counted twice).
    await addStudents(admin, pending, students);
    await addStudents(admin, pending, students);
  }, 400_000);

  it('counts imported rows in progress and issued rows issued, as a scan does', async () => {
    const now = await myDegree(admin);
    expect(now).toEqual({ inProgress: 4, issued: 4, sent: 0, hold: 0, revoked: 0 });
    expect(now).toEqual(await scanned(admin, [issued.cohort, pending]));
  });

  it('stays equal to a scan after generate, hold, revoke and delete', async () => {
    const items = students.map((s) => `${pending}=${s.id}`);
    await toPkReceived(admin, items);
    const generated = await api<{ id: string }>('POST', '/api/workspace/generate', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: items.slice(0, 2) },
    });
    expect(generated.status).toBe(202);
    await finishedRun(admin, generated.body.Data!.id);

    const held = await api<{ batchId: string }>('POST', '/api/workspace/hold', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: [issued.items[0]] },
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    await publishedBatch(admin, held.body.Data!.batchId);
    const revoked = await api<{ batchId: string }>('POST', '/api/workspace/revoke', {
      token: admin.token,
      body: {
        email: admin.email,
        password: admin.password,
        certtype: 'degree',
        selectedItems: [issued.items[1]],
        revokereason: 'Issued in error',
      },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    await publishedBatch(admin, revoked.body.Data!.batchId);

    const removed = await api('POST', '/api/recipients/delete', {
      token: admin.token,
      body: { selectedItems: [items[3]], certtype: 'degree' },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    const now = await myDegree(admin);
    expect(now).toEqual({ inProgress: 3, issued: 2, sent: 0, hold: 1, revoked: 1 });
    expect(now).toEqual(await scanned(admin, [issued.cohort, pending]));
  });

  it('stays equal to a scan when the issue job message is delivered again', async () => {
    const runs = (await api<RunList>('GET', '/api/workspace/runs', { token: admin.token })).body.Data!.runs;
    const issueRun = runs.find((r) => r.kind === 'issue')!;
    expect(issueRun).toBeDefined();
    await clients().sqs.send(
      new SendMessageCommand({
        QueueUrl: cloud().resources.queueUrls.issue,
        MessageBody: JSON.stringify({ orgId: admin.orgId, runId: issueRun.id }),
      }),
    );
    await queueDrained('issue');
    const now = await myDegree(admin);
    expect(now).toEqual({ inProgress: 3, issued: 2, sent: 0, hold: 1, revoked: 1 });
    expect(now).toEqual(await scanned(admin, [issued.cohort, pending]));
  });
});
