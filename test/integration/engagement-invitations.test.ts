import { beforeAll, describe, expect, it } from 'vitest';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { Wallet } from 'ethers';
import type { EngagementData } from '@proofmark/shared/contract/dashboard';
import type { RecipientsData } from '@proofmark/shared/contract/recipients';
import type { RunList } from '@proofmark/shared/contract/workspace';
import { api, awaitMail, clients, cloud, eventually, mailTo, type SentMail, queueDrained } from './helpers';
import { registeredAdmin, uniqueEmail } from './accounts';
import { addStudents, settledRun } from './workspace-fixtures';

/**
 * The invitation mails' engagement on the local cloud: tracked like certificate mails (a pixel, and
 * the mail events of the local SES stand-in tagged with the mail's token) but counted in their own
 * funnel per cohort (invited → delivered → opened → wallet connected), never in the credential
 * funnel; a permanent bounce marks the row, and the next invitation run skips it until its email
 * is edited. Every count holds under redelivered job messages and mail events.
 */

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;
const invitationSubject = /wants to issue you a digital credentials/;
// A label of SES's bounce simulator address: the stand-in bounces it as SES does, and no other
// test file's mails to bounce@ are counted here.
const BOUNCE = 'bounce+invitations@simulator.amazonses.com';

const engagement = async (admin: Admin, cohort: string) =>
  (await api<EngagementData>('GET', `/api/dashboard/engagement?cohort=${cohort}`, { token: admin.token }))
    .body.Data!;

const invite = async (admin: Admin, items: string[]) => {
  const res = await api<{ runId?: string }>('POST', '/api/invitations', {
    token: admin.token,
    body: { selectedItems: items, certtype: 'degree' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return settledRun(admin, res.body.Data!.runId!);
};

const pixelOf = (mail: SentMail) =>
  /<img src="([^"]+\/api\/public\/mail\/[^"]+\/open)"/.exec(mail.body.html ?? '')?.[1];
const tokenOf = (pixel: string) => /\/mail\/([^/]+)\/open$/.exec(pixel)![1]!;

const send = (queue: 'invite' | 'mailevents', message: unknown) =>
  clients().sqs.send(
    new SendMessageCommand({
      QueueUrl: cloud().resources.queueUrls[queue],
      MessageBody: JSON.stringify(message),
    }),
  );

const rowsOf = async (admin: Admin, cohort: string) => {
  const r = await api<RecipientsData>('GET', `/api/recipients?cohort=${cohort}&certtype=degree`, {
    token: admin.token,
  });
  return r.body.Data!.mockData.flatMap((c) => c.children);
};

describe('invitation engagement', () => {
  let admin: Admin;
  const cohort = 'Inv-Funnel';
  const reader = uniqueEmail('inv-reader');
  const items = [`${cohort}=V1`, `${cohort}=V2`];
  let readerMail: SentMail;

  beforeAll(async () => {
    admin = await registeredAdmin();
    await addStudents(admin, cohort, [
      { id: 'V1', email: reader },
      { id: 'V2', email: BOUNCE },
    ]);
    const run = await invite(admin, items);
    expect(run).toMatchObject({ state: 'done', done: 2, failed: 0 });
    readerMail = await awaitMail(reader, invitationSubject);
  }, 400_000);

  it('counts invited, delivered and bounced in the invitation funnel, never in the credential funnel', async () => {
    const data = await eventually(async () => {
      const d = await engagement(admin, cohort);
      const f = d.invitations.cohorts[0];
      return f && f.delivered === 1 && f.bounced === 1 ? d : undefined;
    });
    expect(data.invitations.cohorts).toEqual([
      {
        cohortid: cohort,
        invited: 2,
        delivered: 1,
        opened: 0,
        connected: 0,
        bounced: 1,
        complained: 0,
        opens: 0,
      },
    ]);
    // The credential funnel has nothing of the invitations.
    expect(data.cohorts).toEqual([]);
    expect(data.total).toMatchObject({ mailed: 0, delivered: 0, bounced: 0, opened: 0 });
  });

  it('counts the invitation chunk once when its job message is delivered again', async () => {
    const runs = (await api<RunList>('GET', '/api/workspace/runs', { token: admin.token })).body.Data!.runs;
    const run = runs.find((r) => r.kind === 'invite')!;
    const before = (await mailTo(reader)).length;
    for (let i = 0; i < 2; i++)
      await send('invite', { orgId: admin.orgId, runId: run.id, chunk: 0, certtype: 'degree', items });
    // The redelivered chunk finds both rows done by its run: nothing is mailed or counted again.
    await queueDrained('invite');
    expect(await mailTo(reader)).toHaveLength(before);
    expect((await engagement(admin, cohort)).invitations.cohorts[0]).toMatchObject({ invited: 2 });
  });

  it('counts delivered once when the mail event is delivered again', async () => {
    const token = tokenOf(pixelOf(readerMail)!);
    const delivery = {
      eventType: 'Delivery',
      mail: { messageId: readerMail.messageId, tags: { mailToken: [token] } },
      delivery: { recipients: [reader] },
    };
    for (let i = 0; i < 2; i++) await send('mailevents', delivery);
    await send('mailevents', { ...delivery, eventType: 'Complaint' });
    await queueDrained('mailevents');
    const f = await eventually(async () => {
      const c = (await engagement(admin, cohort)).invitations.cohorts[0];
      return c?.complained === 1 ? c : undefined;
    });
    expect(f).toMatchObject({ delivered: 1, complained: 1 });
    expect((await engagement(admin, cohort)).cohorts).toEqual([]);
  });

  it('counts the pixel as one open, however often it is loaded', async () => {
    const pixel = pixelOf(readerMail);
    expect(pixel).toMatch(/^http/);
    for (let i = 0; i < 3; i++) {
      const img = await fetch(pixel!);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/gif');
    }
    const data = await engagement(admin, cohort);
    expect(data.invitations.cohorts[0]).toMatchObject({ opened: 1, opens: 1 });
    expect(data.cohorts).toEqual([]);
    // The wallet link stays the wallet's own (its app opens only for the direct link).
    expect(readerMail.body.html).toMatch(/href="https:\/\/wallet\.blockcerts\.org\/#\/introduce-recipient\//);
  });

  it('counts a wallet connecting with the invitation once', async () => {
    const link = /https:\/\/wallet\.blockcerts\.org\/#\/introduce-recipient\/([^/"]+)\/([^"&\s)]+)/.exec(
      readerMail.body.html ?? '',
    )!;
    const post = () =>
      fetch(decodeURIComponent(link[1]!), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          bitcoinAddress: Wallet.createRandom().address,
          nonce: decodeURIComponent(link[2]!),
        }),
      });
    expect((await post()).status).toBe(200);
    // The code is single-use: a second post is refused and counts nothing.
    expect((await post()).status).toBe(400);
    expect((await engagement(admin, cohort)).invitations.cohorts[0]).toMatchObject({ connected: 1 });
  });

  it('marks the bounced row, skips it on the next invitation run, and invites it again once the email is edited', async () => {
    const rows = await eventually(async () => {
      const tree = await rowsOf(admin, cohort);
      return tree.find((x) => x.studentid === 'V2')?.bounced ? tree : undefined;
    });
    expect(rows.find((x) => x.studentid === 'V1')?.bounced).toBeUndefined();

    const before = (await mailTo(BOUNCE)).length;
    const again = await invite(admin, [items[1]!]);
    // Nothing was sent, so the run ends failed, naming why.
    expect(again).toMatchObject({ state: 'failed', done: 0, failed: 1 });
    expect(again.errors?.join(' ')).toMatch(/V2: mail to .* bounced earlier/);
    expect(await mailTo(BOUNCE)).toHaveLength(before);
    expect((await engagement(admin, cohort)).invitations.cohorts[0]).toMatchObject({ invited: 2 });

    const fixed = uniqueEmail('inv-fixed');
    const upd = await api('POST', '/api/recipients/update', {
      token: admin.token,
      body: {
        selectedcoid: cohort,
        selectedstdid: 'V2',
        selectedCertType: 'degree',
        newemail: fixed,
        firstname: 'FirstV2',
        middlename: '',
        lastname: 'LastV2',
      },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(await invite(admin, [items[1]!])).toMatchObject({ state: 'done', done: 1, failed: 0 });
    expect(await mailTo(fixed)).toHaveLength(1);
    expect((await engagement(admin, cohort)).invitations.cohorts[0]).toMatchObject({ invited: 3 });
  });
});
