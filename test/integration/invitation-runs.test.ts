import { beforeAll, describe, expect, it } from 'vitest';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { RunList, RunView } from '@proofmark/shared/contract/workspace';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { api, clients, cloud, type SentMail, queueDrained } from './helpers';
import { registeredAdmin, uniqueEmail } from './accounts';
import { addStudents, finishedRun } from './workspace-fixtures';

/**
 * A large invitation send (more than INLINE_INVITATIONS) goes through the invite job as a run: the
 * run is listed with its progress (so the recipients screen shows it again after a reload), counts
 * every recipient exactly once however often a job message is delivered, and ends with the
 * recipients it could not invite and why.
 */

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;
const invitationSubject = /wants to issue you a digital credentials/;
const pad = (n: number) => String(n).padStart(3, '0');

const listedRun = async (admin: Admin, id: string) =>
  (await api<RunList>('GET', '/api/workspace/runs', { token: admin.token })).body.Data!.runs.find(
    (r) => r.id === id,
  );

/** Every invitation in the local inbox, by recipient (one read of the store). */
const invitationsByRecipient = async () => {
  const { emails } = (await (await fetch(`${cloud().endpoints.ses}/store`)).json()) as { emails: SentMail[] };
  const counts = new Map<string, number>();
  for (const mail of emails.filter((e) => invitationSubject.test(e.subject))) {
    for (const to of mail.destination.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
};

const invite = (admin: Admin, cohort: string) =>
  api<{ sent: number; queued: number; skipped: number; runId?: string }>('POST', '/api/invitations', {
    token: admin.token,
    body: { selectedItems: [`${cohort}=`], certtype: 'degree' },
  });

describe('a large invitation send is a run', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await registeredAdmin();
  });

  it('is listed with done/total, and a chunk delivered three times counts and mails each recipient once', async () => {
    const cohort = 'Invite-Run';
    const students = Array.from({ length: 25 }, (_, i) => ({
      id: `R${pad(i + 1)}`,
      email: uniqueEmail(`ir${i}`),
    }));
    await addStudents(admin, cohort, students);

    const res = await invite(admin, cohort);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.message).toBe(m.pleaseWait);
    expect(res.body.Data).toMatchObject({ sent: 0, queued: 25, skipped: 0 });
    const runId = res.body.Data!.runId!;
    expect(runId).toBeTruthy();
    // Listed from the start: a page reloaded now finds it.
    expect(await listedRun(admin, runId)).toMatchObject({ kind: 'invite', total: 25 });

    // SQS delivers at least once: the same chunk twice more while the run works.
    const message = {
      orgId: admin.orgId,
      runId,
      chunk: 0,
      certtype: 'degree',
      items: students.map((s) => `${cohort}=${s.id}`),
    };
    for (let i = 0; i < 2; i++) {
      await clients().sqs.send(
        new SendMessageCommand({
          QueueUrl: cloud().resources.queueUrls.invite,
          MessageBody: JSON.stringify(message),
        }),
      );
    }
    const run = await finishedRun(admin, runId, cloud(), 90_000);
    expect(run).toMatchObject({ kind: 'invite', state: 'done', total: 25, done: 25, failed: 0, errors: [] });
    await queueDrained('invite');
    // Nothing was counted after the end either.
    const after = (await api<RunView>('GET', `/api/workspace/runs/${runId}`, { token: admin.token })).body
      .Data;
    expect(after).toMatchObject({ state: 'done', total: 25, done: 25, failed: 0 });
    expect(await listedRun(admin, runId)).toMatchObject({
      kind: 'invite',
      state: 'done',
      done: 25,
      total: 25,
    });
    const mails = await invitationsByRecipient();
    expect(students.map((s) => mails.get(s.email) ?? 0)).toEqual(students.map(() => 1));

    // Delivered once more after the end: still nothing twice.
    await clients().sqs.send(
      new SendMessageCommand({
        QueueUrl: cloud().resources.queueUrls.invite,
        MessageBody: JSON.stringify(message),
      }),
    );
    await queueDrained('invite');
    expect((await listedRun(admin, runId))!).toMatchObject({ done: 25, failed: 0, total: 25 });
    const again = await invitationsByRecipient();
    expect(students.map((s) => again.get(s.email) ?? 0)).toEqual(students.map(() => 1));
  }, 180_000);

  it('ends with the recipient it could not invite and why (deleted before the job reached it)', async () => {
    const cohort = 'Invite-Gone';
    // Two chunks (200 + 1): the second waits while the first is mailed, and its one row is deleted meanwhile.
    const students = Array.from({ length: 201 }, (_, i) => ({ id: `G${pad(i + 1)}` }));
    await addStudents(admin, cohort, students);
    const res = await invite(admin, cohort);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.Data).toMatchObject({ queued: 201 });
    const removed = await api('POST', '/api/recipients/delete', {
      token: admin.token,
      body: { selectedItems: [`${cohort}=G201`], certtype: 'degree' },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    const run = await finishedRun(admin, res.body.Data!.runId!, cloud(), 150_000);
    expect(run).toMatchObject({
      kind: 'invite',
      state: 'done',
      total: 201,
      done: 200,
      failed: 1,
      errors: ['G201: no such recipient'],
    });
    expect(await listedRun(admin, run.id)).toMatchObject({
      done: 200,
      failed: 1,
      errors: ['G201: no such recipient'],
    });
  }, 240_000);
});
