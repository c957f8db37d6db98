import { beforeAll, describe, expect, it } from 'vitest';
import type { EngagementData } from '@proofmark/shared/contract/dashboard';
import type { RecipientsData } from '@proofmark/shared/contract/recipients';
import type { RunView } from '@proofmark/shared/contract/workspace';
import { api, eventually, mailTo, type SentMail } from './helpers';
import { registeredAdmin, uniqueEmail } from './accounts';
import { issuedCertificates, settledRun, type IssuedCertificates } from './workspace-fixtures';

/**
 * Engagement analytics on the local cloud: the certificate mail's tracked pixel and links (opens and
 * clicks counted once per mail a day), the mail events of the local SES stand-in (delivery, and a
 * permanent bounce for SES's bounce@ simulator address), a bounced row skipped by the next send
 * until its email is edited, and the funnel per cohort.
 */

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;
const BOUNCE = 'bounce@simulator.amazonses.com';

const engagement = async (admin: Admin, cohort: string) =>
  (await api<EngagementData>('GET', `/api/dashboard/engagement?cohort=${cohort}`, { token: admin.token }))
    .body.Data!.cohorts[0];
const send = async (admin: Admin, items: string[]) => {
  const res = await api<RunView>('POST', '/api/workspace/send', {
    token: admin.token,
    body: { certtype: 'degree', selectedItems: items },
  });
  expect(res.status).toBe(202);
  return settledRun(admin, res.body.Data!.id);
};
const trackedUrls = (mail: SentMail) => ({
  pixel: /<img src="([^"]+\/open)"/.exec(mail.body.html ?? '')?.[1],
  links: [...(mail.body.html ?? '').matchAll(/href="([^"]+\/api\/public\/mail\/[^"]+\/link\/\d+)"/g)].map(
    (m) => m[1]!,
  ),
});

describe('engagement analytics', () => {
  let admin: Admin;
  let issued: IssuedCertificates;
  const reader = uniqueEmail('reader');

  beforeAll(async () => {
    admin = await registeredAdmin();
    issued = await issuedCertificates(admin, [
      { id: 'E1', email: reader },
      { id: 'E2', email: BOUNCE },
    ]);
    const run = await send(admin, issued.items);
    expect(run).toMatchObject({ done: 2, failed: 0 });
  }, 400_000);

  it('counts mailed, delivered and bounced per cohort from the mail events', async () => {
    const funnel = await eventually(async () => {
      const f = await engagement(admin, issued.cohort);
      return f && f.delivered === 1 && f.bounced === 1 ? f : undefined;
    });
    expect(funnel).toMatchObject({
      cohortid: issued.cohort,
      mailed: 2,
      delivered: 1,
      bounced: 1,
      complained: 0,
      opened: 0,
    });
  });

  it('counts the pixel as one open and the link, followed, as one click (once per mail a day)', async () => {
    const mail = (await mailTo(reader)).at(-1)!;
    const { pixel, links } = trackedUrls(mail);
    expect(pixel).toMatch(/^http/);
    expect(links.length).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) {
      const img = await fetch(pixel!);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/gif');
    }
    let f = await engagement(admin, issued.cohort);
    expect(f).toMatchObject({ opened: 1, opens: 1, clicked: 0 });

    const followed = await fetch(links[0]!, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    const credentialUuid = issued.credentials[0]!.id.replace('urn:uuid:', '');
    expect(followed.headers.get('location')).toContain(credentialUuid);
    await fetch(links[0]!, { redirect: 'manual' });
    f = await engagement(admin, issued.cohort);
    expect(f).toMatchObject({ opened: 1, opens: 1, clicked: 1, clicks: 1 });

    // A token nobody was given: the pixel still answers the image, a link is a 404, nothing counts.
    const forged = links[0]!.replace(/mail\/[^/]+\//, `mail/${'A'.repeat(22)}/`);
    expect((await fetch(forged, { redirect: 'manual' })).status).toBe(404);
  });

  it('marks the bounced row, skips it on the next send, and mails it again once the email is edited', async () => {
    const rows = await eventually(async () => {
      const r = await api<RecipientsData>('GET', `/api/recipients?cohort=${issued.cohort}&certtype=degree`, {
        token: admin.token,
      });
      const tree = r.body.Data!.mockData.flatMap((c) => c.children);
      return tree.find((x) => x.studentid === 'E2')?.bounced ? tree : undefined;
    });
    expect(rows.find((x) => x.studentid === 'E1')?.bounced).toBeUndefined();

    const before = (await mailTo(BOUNCE)).length;
    const again = await send(admin, [issued.items[1]!]);
    // Nothing was sent, so the run ends failed, naming why.
    expect(again).toMatchObject({ state: 'failed', done: 0, failed: 1 });
    expect(again.errors?.join(' ')).toMatch(/bounced/);
    expect(await mailTo(BOUNCE)).toHaveLength(before);

    const fixed = uniqueEmail('fixed');
    const upd = await api('POST', '/api/recipients/update', {
      token: admin.token,
      body: {
        selectedcoid: issued.cohort,
        selectedstdid: 'E2',
        selectedCertType: 'degree',
        newemail: fixed,
        firstname: 'FirstE2',
        middlename: '',
        lastname: 'LastE2',
      },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(await send(admin, [issued.items[1]!])).toMatchObject({ done: 1, failed: 0 });
    expect(await mailTo(fixed)).toHaveLength(1);
  });
});
