import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Wallet } from 'ethers';
import { recipientMessages as rm } from '@proofmark/shared/recipients/messages';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { registeredAdmin, uniqueEmail } from '../integration/accounts';
import { api, awaitMail } from '../integration/helpers';
import { studentSheet } from '../support/cohorts';
import { openSignedIn, sharedPageHooks } from './support';

/**
 * The whole path of issue #7 in a browser on the local cloud, as an issuer works it: upload
 * recipients → invite them → each wallet introduces its address → generate → preview → issue →
 * Issued tab → the verifier page says verified → send (the mail's links work) → hold → suspended →
 * unhold → verified → revoke → revoked.
 */

let page: Page;
let admin: Awaited<ReturnType<typeof registeredAdmin>>;

const cohort = 'Path-2026';
const students = [
  { id: 'P1', first: 'Marie', last: 'Curie', email: uniqueEmail('marie') },
  { id: 'P2', first: 'Alan', last: 'Turing', email: uniqueEmail('alan') },
];
const row = (studentId: string) => page.locator(`tr[data-row-key="${cohort}=${studentId}"]`);
const inProgress = () => page.getByRole('tabpanel', { name: /In-Progress/ });
const issued = () => page.getByRole('tabpanel', { name: /Issued/ });
const alert = (text: string) => page.getByRole('alert').filter({ hasText: text });
let verifyUrl = '';

/** Opens the certificate's verifier page until it gives `verdict` (a status change is anchored first). */
const verifierSays = async (verdict: string) => {
  const p = await page.context().newPage();
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      await p.goto(verifyUrl);
      const shown = p.getByTestId('verdict');
      await shown.waitFor({ timeout: 60_000 });
      const got = await shown.getAttribute('data-verdict');
      if (got === verdict) return p.getByTestId('verdict').innerText();
      if (Date.now() > deadline) throw new Error(`verifier says ${got}, expected ${verdict}`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  } finally {
    await p.close();
  }
};

const checkRow = async (studentId: string) => {
  await row(studentId).getByRole('checkbox').check();
};

beforeAll(async () => {
  admin = await registeredAdmin();
  // The organisation's issuing key (My Profile → Generate key pair; clicked in settings.test.ts).
  const key = await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  page = await openSignedIn(admin.session);
});

sharedPageHooks('issuance-path', () => page);

describe('the issuance path, upload to revoked', () => {
  it('uploads the recipients and invites them', async () => {
    await page.goto('/ManageStudents');
    await page.getByRole('heading', { name: 'Manage Students' }).waitFor();
    await page.getByLabel('Cohort', { exact: true }).fill(cohort);
    await page.locator('.ant-upload input[type=file]').setInputFiles({
      name: 'students.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await studentSheet(students),
    });
    await page.getByRole('button', { name: 'Upload sheet' }).click();
    await page.getByText(rm.importDone(2, 0, 0)).waitFor({ timeout: 60_000 });
    await page.getByLabel(`Select cohort ${cohort}`).check();
    await page.getByRole('button', { name: /Send invitation/ }).click();
    // The invite job mails them (§8: 'Please wait a few minutes.'); the rows show it once it is done.
    await page.getByText(rm.pleaseWait).first().waitFor();
    for (const s of students) await row(s.id).getByText('Invite pending').waitFor({ timeout: 90_000 });
  }, 150_000);

  it('each recipient’s wallet introduces its address with the mailed code', async () => {
    for (const s of students) {
      const mail = await awaitMail(s.email, /wants to issue you a digital credentials/);
      const link = /https:\/\/wallet\.blockcerts\.org\/#\/introduce-recipient\/([^/"]+)\/([^"&\s)]+)/.exec(
        mail.body.html ?? '',
      );
      expect(link, 'the invitation carries the wallet link').not.toBeNull();
      // What the Blockcerts Wallet does with that link: posts its address and the one-time code.
      const posted = await fetch(decodeURIComponent(link![1]!), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          bitcoinAddress: Wallet.createRandom().address,
          nonce: decodeURIComponent(link![2]!),
        }),
      });
      expect(posted.status).toBe(200);
    }
    await page.reload();
    for (const s of students) await row(s.id).getByText('PK received').waitFor();
  });

  it('generates both certificates and previews one', async () => {
    await page.goto('/ManageCertificate');
    await page.getByRole('heading', { name: 'Manage Certificate' }).waitFor();
    for (const s of students) await checkRow(s.id);
    await inProgress().getByRole('button', { name: 'Generate Certificate' }).click();
    await page.getByTestId('run-generate').waitFor();
    for (const s of students)
      await row(s.id).getByText('generated', { exact: true }).waitFor({ timeout: 120_000 });

    await checkRow('P1');
    await inProgress().getByRole('button', { name: 'Preview Certificate' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Preview Certificates' });
    await dialog.frameLocator('iframe').getByText(/Marie/).first().waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }, 180_000);

  it('issues after the email and password are confirmed; the rows move to the Issued tab', async () => {
    for (const s of students) await checkRow(s.id);
    await inProgress().getByRole('button', { name: 'Issue Certificate' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Issue Certificate' });
    await dialog.getByLabel('Email').fill(admin.email);
    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('run-issue').waitFor();
    for (const s of students) await row(s.id).waitFor({ state: 'detached', timeout: 150_000 });
    await page.getByRole('tab', { name: /Issued/ }).click();
    for (const s of students) await row(s.id).getByText('Certificate issued').waitFor({ timeout: 60_000 });
    verifyUrl = (await issued().getByRole('link', { name: 'Preview of Marie Curie' }).getAttribute('href'))!;
    expect(verifyUrl).toMatch(/\/verify\/[^/?]+\?id=/);
  }, 240_000);

  it('the verifier page says verified', async () => {
    expect(await verifierSays('verified')).toMatch(/Verified/);
  }, 150_000);

  it('sends the certificate; the mail’s links work', async () => {
    await checkRow('P1');
    await issued().getByRole('button', { name: 'Send Certificate' }).click();
    await row('P1').getByText('Certificate sent').waitFor({ timeout: 60_000 });
    const mail = await awaitMail(students[0]!.email, /A Digital credential has been issued by/);
    const html = mail.body.html ?? '';
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((h) => h[1]!.replace(/&amp;/g, '&'));
    const json = hrefs.find((h) => /\/credentials\/.+\.json$/.test(h))!;
    const credential = (await (await fetch(json)).json()) as { id: string };
    expect(credential.id).toMatch(/^urn:uuid:/);
    const pdf = hrefs.find((h) => /\.pdf$/.test(h))!;
    expect(
      Buffer.from(await (await fetch(pdf)).arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    // The verifier link goes through our tracked redirect (the dashboard counts the click) to the page.
    const tracked = hrefs.find((h) => /\/api\/public\/mail\/[^/]+\/link\/\d+$/.test(h))!;
    const followed = await fetch(tracked, { redirect: 'manual' });
    expect(followed.status).toBeGreaterThanOrEqual(300);
    expect(followed.status).toBeLessThan(400);
    expect(followed.headers.get('location')).toBe(verifyUrl);
    expect(hrefs.some((h) => h.startsWith('https://wallet.blockcerts.org/#/import-certificate/'))).toBe(true);
  }, 120_000);

  it('hold → the verifier says suspended; unhold → verified again', async () => {
    await checkRow('P1');
    await issued()
      .getByRole('button', { name: /(^| )Hold$/ })
      .click();
    await alert(m.held).waitFor();
    await row('P1').getByText('Hold', { exact: true }).waitFor();
    expect(await verifierSays('suspended')).toMatch(/Suspended/);

    await checkRow('P1');
    await issued().getByRole('button', { name: 'Unhold' }).click();
    await alert(m.unheld).waitFor();
    await row('P1').getByText('Certificate sent').waitFor();
    expect(await verifierSays('verified')).toMatch(/Verified/);
  }, 300_000);

  it('revoke with a reason → the verifier says revoked', async () => {
    await checkRow('P1');
    await issued().getByRole('button', { name: 'Action 1 selected' }).click();
    await page.getByRole('menuitem', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Revoke Certificate' });
    await dialog.getByLabel('Email').fill(admin.email);
    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByLabel('Reason').fill('Issued to the wrong programme');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await alert(m.revoked).waitFor();
    await row('P1').getByText('Revoked').waitFor();
    expect(await verifierSays('revoked')).toMatch(/Revoked/);
    await page.screenshot({ path: '/tmp/issuance-path.png', fullPage: true });
  }, 200_000);
});
