import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { registeredAdmin, uniqueEmail } from '../integration/accounts';
import { api } from '../integration/helpers';
import { startSmtp } from '../integration/profile-servers';
import { addStudents, issuedCertificates } from '../integration/workspace-fixtures';
import { openSignedIn, sharedPageHooks } from './support';

/**
 * When the organisation's own mail server refuses a recipient, the user sees why where they work:
 * the invitation run's card and the row in Manage Students, the row in Manage Certificate's Issued
 * tab after a send. The server is a real SMTP server started here, refusing `refuse-…` addresses.
 */

let page: Page;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Awaited<ReturnType<typeof registeredAdmin>>;
const SMTP_USER = 'mailer@university.example.test';
const SMTP_PASS = `smtp ${randomUUID()}`;
const cohort = 'Refusals';
const refused = `refuse-${randomUUID().slice(0, 6)}@example.test`;
const good = uniqueEmail('welcome');
/** What the refusing server answers, as the row and the run repeat it. */
const refusal = /answered: 550 5\.1\.1 Mailbox unavailable/;

const row = (key: string) => page.locator(`tr[data-row-key="${key}"]`);

beforeAll(async () => {
  [smtp, admin] = await Promise.all([
    startSmtp([{ user: SMTP_USER, pass: SMTP_PASS }], (to) => to.startsWith('refuse')),
    registeredAdmin(),
  ]);
  const saved = await api('POST', '/api/profile', {
    token: admin.token,
    body: {
      key: 'smtp',
      type: 'pwd',
      host: '127.0.0.1',
      port: smtp.port,
      username: SMTP_USER,
      password: SMTP_PASS,
      from: 'registrar@university.example.test',
      cc: '',
    },
  });
  if (saved.status !== 200) throw new Error(`smtp settings: ${JSON.stringify(saved.body)}`);
  // Verified by its test: from now on the organisation's mails leave through this server.
  const tested = await api('POST', '/api/profile/test-mail', { token: admin.token, body: {} });
  if (tested.status !== 200) throw new Error(`smtp test: ${JSON.stringify(tested.body)}`);
  await addStudents(admin, cohort, [
    { id: 'R1', first: 'Rita', email: refused },
    { id: 'R2', first: 'Gus', email: good },
  ]);
  page = await openSignedIn(admin.session, { path: '/ManageStudents', heading: 'Manage Students' });
}, 180_000);

afterAll(async () => {
  await smtp?.stop();
});

sharedPageHooks('org-mail-failures', () => page);

describe("the organisation's mail server refuses a recipient", () => {
  it('Manage Students shows the reason on the run card and on the row', async () => {
    await page.getByLabel(`Select cohort ${cohort}`).check();
    await page.getByRole('button', { name: /Send invitation/ }).click();
    // Retried, then settled: the run names the refused row and the server's answer.
    const card = page.getByTestId('run-invite').first();
    await card.getByText(/R1: the invitation could not be sent/).waitFor({ timeout: 150_000 });
    expect(await card.innerText()).toMatch(refusal);
    // The card says which way the mail left: the organisation's server, not Proofmark's sender.
    expect(await card.innerText()).toContain(`Mailed through your mail server (127.0.0.1:${smtp.port}).`);

    await row(`${cohort}=R2`).getByText('Invite pending').waitFor({ timeout: 30_000 });
    const reason = row(`${cohort}=R1`).getByTestId('mail-error');
    await reason.waitFor({ timeout: 30_000 });
    expect(await reason.innerText()).toMatch(
      /^The invitation could not be sent \(127\.0\.0\.1:\d+ answered: 550/,
    );
    expect(await row(`${cohort}=R2`).getByTestId('mail-error').count()).toBe(0);
  }, 240_000);

  it('Manage Certificate shows the reason on the issued row a send failed', async () => {
    const issued = await issuedCertificates(admin, [
      { id: 'C1', first: 'Rita', email: `refuse-${randomUUID().slice(0, 6)}@example.test` },
    ]);
    const sent = await api<{ id: string }>('POST', '/api/workspace/send', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: issued.items },
    });
    expect(sent.status).toBe(202);

    await page.goto('/ManageCertificate');
    await page.getByRole('tab', { name: /Issued/ }).click();
    const issuedRow = row(issued.items[0]!);
    await issuedRow.getByText('Certificate issued', { exact: true }).waitFor({ timeout: 60_000 });
    // The send job retries before it settles: reload until the row carries the server's reason.
    const reason = issuedRow.getByTestId('mail-error');
    await expect
      .poll(
        async () => {
          if ((await reason.count()) === 0) {
            await page.reload();
            await page.getByRole('tab', { name: /Issued/ }).click();
            await issuedRow.waitFor({ timeout: 30_000 });
          }
          return reason.count();
        },
        { timeout: 150_000, interval: 3_000 },
      )
      .toBe(1);
    expect(await reason.innerText()).toMatch(/^The mail could not be sent \(127\.0\.0\.1:\d+ answered: 550/);
  }, 300_000);
});
