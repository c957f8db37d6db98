import { beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page, Request } from 'playwright-core';
import ExcelJS from 'exceljs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RunView } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { registeredAdmin, uniqueEmail } from '../integration/accounts';
import { api, awaitMail, clients, cloud, eventually, mailTo } from '../integration/helpers';
import { choose, openSignedIn, responseTo, sharedPageHooks } from './support';

/**
 * The workspace actions the first browser test does not drive (spec §2.5, §5, §8): Send for Review
 * and Reset, Validate (preview and whole cohort, with the organisation's validate setting on), the
 * direct zip, TOP UP on an empty balance, Send Certificate, Download Options, and Open Badges from
 * baking to sending. Arranged through the API: a degree cohort with keys and generated
 * certificates, and a badge cohort without keys.
 */

let page: Page;
let admin: Awaited<ReturnType<typeof registeredAdmin>>;

const cohort = 'Act-2026';
const badges = 'Badge-2026';
const email = {
  A1: uniqueEmail('a1'),
  A2: uniqueEmail('a2'),
  A3: uniqueEmail('a3'),
  A4: uniqueEmail('a4'),
  B1: uniqueEmail('b1'),
  B2: uniqueEmail('b2'),
};
const PRODUCT_TEAM = process.env.PRODUCT_TEAM_EMAIL || 'team@proofmark.local';

const rowOf = (c: string, id: string) => page.locator(`tr[data-row-key="${c}=${id}"]`);
const row = (id: string) => rowOf(cohort, id);
const tab = (name: 'In-Progress' | 'Issued') => page.getByRole('tabpanel', { name: new RegExp(name) });
const alert = (text: string) => page.getByRole('alert').filter({ hasText: text });
/** The Validated column of a recipient row: 'Yes' or 'No', then its View button. */
const poll = { timeout: 15_000 };
const validatedOf = (id: string) =>
  row(id).locator('td', { has: page.getByRole('button', { name: /^View certificate of/ }) });

const sheet = async (rows: string[][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Students');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** Uploads recipients the way the recipients screen does, and waits for the import. */
async function importCohort(cohortid: string, certtype: string, ids: (keyof typeof email)[]) {
  const bytes = await sheet([
    ['First Name', 'Middle Name', 'Last Name', 'Email', 'Student ID'],
    ...ids.map((id) => [`First${id}`, '', `Last${id}`, email[id], id]),
  ]);
  const ticket = await api<{ id: string; url: string }>('POST', '/api/uploads', {
    token: admin.token,
    body: { purpose: 'students', filename: `${cohortid}.xlsx`, size: bytes.length, cohortid, certtype },
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  const put = await fetch(ticket.body.Data!.url, { method: 'PUT', body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  const id = ticket.body.Data!.id;
  await api('POST', `/api/uploads/${id}/import`, { token: admin.token });
  const done = await eventually(async () => {
    const p = (await api<{ state: string }>('GET', `/api/uploads/${id}`, { token: admin.token })).body.Data!;
    return p.state === 'done' || p.state === 'failed' ? p : undefined;
  }, 60_000);
  expect(done.state).toBe('done');
}

const finishedRun = (id: string, timeoutMs: number) =>
  eventually(async () => {
    const run = (await api<RunView>('GET', `/api/workspace/runs/${id}`, { token: admin.token })).body.Data;
    if (run?.state === 'failed') throw new Error(`run failed: ${JSON.stringify(run)}`);
    return run?.state === 'done' ? run : undefined;
  }, timeoutMs);

const setBalance = (value: number) =>
  clients().dynamo.send(
    new UpdateCommand({
      TableName: cloud().resources.tableName,
      Key: { pk: `ORG#${admin.orgId}`, sk: 'ORG' },
      UpdateExpression: 'SET balance = :z',
      ExpressionAttributeValues: { ':z': value },
    }),
  );
const balance = async () =>
  (await api<{ balance: number }>('GET', '/api/balance', { token: admin.token })).body.Data!.balance;

/** The bytes behind a download link (a zip starts with "PK"). */
const bytesAt = async (url: string): Promise<Buffer> => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

/** The workspace calls the page made, so a refused action can be shown to have sent nothing. */
const calls: string[] = [];
const track = (request: Request) => {
  const url = new URL(request.url());
  if (request.method() === 'POST' && /^\/api\/(workspace|balance)\//.test(url.pathname))
    calls.push(url.pathname);
};

beforeAll(async () => {
  admin = await registeredAdmin();
  // Validate is offered only when the organisation turns it on (§2.5); the administrator has the permission.
  const validate = await api('POST', '/api/profile', {
    token: admin.token,
    body: { key: 'validate', value: 1 },
  });
  expect(validate.status, JSON.stringify(validate.body)).toBe(200);
  const key = await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } });
  expect(key.status, JSON.stringify(key.body)).toBeLessThan(300);

  await importCohort(cohort, 'degree', ['A1', 'A2', 'A3', 'A4']);
  await importCohort(badges, 'openbadges', ['B1', 'B2']);
  const keys = await api('POST', '/api/recipients/copy-email-as-key', {
    token: admin.token,
    body: { selectedItems: [`${cohort}=`], certtype: 'degree' },
  });
  expect(keys.status, JSON.stringify(keys.body)).toBe(200);
  // Generation itself is driven in manage-certificate.test.ts; here it only arranges.
  const generated = await api<RunView>('POST', '/api/workspace/generate', {
    token: admin.token,
    body: { certtype: 'degree', selectedItems: ['A1', 'A2', 'A3', 'A4'].map((id) => `${cohort}=${id}`) },
  });
  expect(generated.status, JSON.stringify(generated.body)).toBe(202);
  await finishedRun(generated.body.Data!.id, 180_000);

  page = await openSignedIn(admin.session, {
    path: '/ManageCertificate',
    heading: 'Manage Certificate',
    acceptDownloads: true,
    watch: (p) => p.on('request', track),
  });
  for (const id of ['A1', 'A2', 'A3', 'A4']) await row(id).getByText('generated', { exact: true }).waitFor();
}, 300_000);

sharedPageHooks('manage-certificate-actions', () => page);

describe('Manage Certificate actions', () => {
  it('sends generated rows for review and resets one; a reset row cannot be reset again', async () => {
    await row('A1').getByRole('checkbox').check();
    await row('A2').getByRole('checkbox').check();
    await tab('In-Progress').getByRole('button', { name: 'Send for Review' }).click();
    await alert(m.reviewSent).waitFor();
    await row('A1').getByText('Sent for Review', { exact: true }).waitFor();
    await row('A2').getByText('Sent for Review', { exact: true }).waitFor();

    await row('A2').getByRole('checkbox').check();
    await tab('In-Progress').getByRole('button', { name: 'Reset' }).click();
    await alert(m.resetDone).waitFor();
    // A row with a public key goes back to PK received; the other reviewed row is untouched.
    await row('A2').getByText('PK received', { exact: true }).waitFor();
    await row('A1').getByText('Sent for Review', { exact: true }).waitFor();

    calls.length = 0;
    await row('A2').getByRole('checkbox').check();
    await tab('In-Progress').getByRole('button', { name: 'Reset' }).click();
    await alert(m.selectCorrectItems).waitFor();
    expect(calls).toEqual([]);
    await row('A2').getByRole('checkbox').uncheck();
  });

  it('validates one certificate in the preview, then the rest of the cohort', async () => {
    await expect.poll(async () => validatedOf('A1').innerText(), poll).toMatch(/^No/);
    await row('A1').getByRole('checkbox').check();
    await tab('In-Progress').getByRole('button', { name: 'Preview Certificate' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Preview Certificates' });
    await dialog
      .frameLocator('iframe')
      .getByText(/FirstA1/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Validate', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: m.validated }).waitFor();
    // By its text: antd may keep the spent spinner (named "loading") in the button for a while.
    const done = dialog.locator('button', { hasText: /^Validated$/ });
    await done.waitFor();
    expect(await done.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => validatedOf('A1').innerText(), poll).toMatch(/^Yes/);
    await expect.poll(async () => validatedOf('A3').innerText(), poll).toMatch(/^No/);

    await page.locator(`tr[data-row-key="${cohort}="]`).getByRole('checkbox').check();
    const answered = responseTo(page, '/api/workspace/validate');
    await tab('In-Progress').getByRole('button', { name: 'Validate for Cohort' }).click();
    const res = await answered;
    expect(res.status()).toBe(200);
    // Every generated row of the cohort: A1 (again), A3 and A4.
    expect(((await res.json()) as { Data: { validated: number } }).Data.validated).toBe(3);
    expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ certtype: 'degree', cohort });
    await alert(m.validated).waitFor();
    await expect.poll(async () => validatedOf('A3').innerText(), poll).toMatch(/^Yes/);
    await expect.poll(async () => validatedOf('A4').innerText(), poll).toMatch(/^Yes/);
    // A2 was reset: it has no certificate to validate.
    expect(await validatedOf('A2').innerText()).toMatch(/^No/);
  });

  it('downloads generated certificates as a zip from the direct-download icon', async () => {
    await row('A3').getByRole('checkbox').check();
    const answered = responseTo(page, '/api/workspace/download-zip');
    const downloaded = page.waitForEvent('download');
    await tab('In-Progress').getByRole('button', { name: 'Download generated certificates' }).click();
    const res = await answered;
    expect(res.status()).toBe(200);
    const url = ((await res.json()) as { Data: { url: string } }).Data.url;
    expect(url).toMatch(/^https?:/);
    expect((await downloaded).url()).toBe(url);
    await alert(m.downloadDone).waitFor();
    // The page is still the workspace: the zip downloaded, it did not replace the screen.
    expect(new URL(page.url()).pathname).toBe('/ManageCertificate');
    expect((await bytesAt(url)).subarray(0, 2).toString()).toBe('PK');
  });

  it('opens TOP UP on an empty balance and mails the request to the product team', async () => {
    await setBalance(0);
    const before = (await mailTo(PRODUCT_TEAM)).length;
    calls.length = 0;
    await row('A3').getByRole('checkbox').check();
    await tab('In-Progress').getByRole('button', { name: 'Issue Certificate' }).click();
    const topUp = page.getByRole('dialog').filter({ hasText: 'TOP UP' });
    await topUp.getByText(m.insufficientBalance).waitFor();
    await topUp.getByText('Current balance: 0 certificates.').waitFor();
    await topUp.getByRole('button', { name: 'Send' }).click();
    await topUp.waitFor({ state: 'hidden' });
    await alert(m.topUpSent).waitFor();
    const mail = await eventually(async () => {
      const mails = await mailTo(PRODUCT_TEAM);
      return mails.slice(before).find((x) => (x.body.text ?? '').includes(admin.orgId));
    });
    expect(mail.subject).toMatch(/Top-up request/);
    expect(mail.body.text).toContain(admin.email);
    // Nothing was issued: the balance and the row are as they were.
    expect(calls).toEqual(['/api/balance/top-up']);
    expect(await balance()).toBe(0);
    await row('A3').getByText('generated', { exact: true }).waitFor();
    await setBalance(FREE_TRIAL_CERTIFICATES);
  });

  it('issues a certificate, then sends it by mail from the Issued tab', async () => {
    await row('A3').getByRole('checkbox').check();
    await tab('In-Progress').getByRole('button', { name: 'Issue Certificate' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Issue Certificate' });
    await dialog.getByLabel('Email').fill(admin.email);
    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('run-issue').first().waitFor();
    await row('A3').waitFor({ state: 'detached', timeout: 150_000 });

    await page.getByRole('tab', { name: /Issued/ }).click();
    await row('A3').getByText('Certificate issued', { exact: true }).waitFor({ timeout: 60_000 });
    const subject = /Digital credential has been issued/;
    expect((await mailTo(email.A3)).filter((x) => subject.test(x.subject))).toEqual([]);
    await row('A3').getByRole('checkbox').check();
    await tab('Issued').getByRole('button', { name: 'Send Certificate' }).click();
    await page.getByTestId('run-send').first().waitFor();
    const mail = await awaitMail(email.A3, subject);
    // The verifier page's link, tracked through our redirect (engagement analytics).
    expect(mail.body.html ?? mail.body.text).toMatch(/\/verify\/|\/api\/public\/mail\/[^/"]+\/link\/0/);
    await row('A3').getByText('Certificate sent', { exact: true }).waitFor({ timeout: 30_000 });
  }, 240_000);

  it('downloads chosen files of an issued certificate through Download Options', async () => {
    await row('A3').getByRole('checkbox').check();
    await tab('Issued').getByRole('button', { name: 'Download' }).click();
    const options = page.getByRole('dialog').filter({ hasText: 'Download Options' });
    await options.getByText('Individual files').first().waitFor();
    await options.getByRole('checkbox', { name: 'JSON' }).check();
    await options.getByRole('checkbox', { name: 'PDF', exact: true }).check();
    const started = responseTo(page, '/api/workspace/download');
    const downloaded = page.waitForEvent('download', { timeout: 120_000 });
    await options.getByRole('button', { name: 'Ok' }).click();
    const res = await started;
    expect(res.status()).toBe(202);
    expect(((await res.json()) as { Data: RunView }).Data.kind).toBe('download');
    await page.getByTestId('run-download').first().waitFor();
    const download: Download = await downloaded;
    await alert(m.downloadDone).waitFor();
    expect(new URL(page.url()).pathname).toBe('/ManageCertificate');
    const zip = await bytesAt(download.url());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    // File names sit uncompressed in a zip's headers: one JSON and one PDF of the certificate.
    const names = zip.toString('latin1');
    expect(names).toMatch(/\.json/);
    expect(names).toMatch(/\.pdf/);
  }, 180_000);

  it('bakes Open Badges for recipients without keys, then sends them', async () => {
    await page.getByRole('tab', { name: /In-Progress/ }).click();
    await choose(page, 'Certificate type', 'OpenBadges');
    const b = (id: string) => rowOf(badges, id);
    await b('B1').getByText('Invite pending', { exact: true }).waitFor();
    expect(await tab('In-Progress').getByRole('button', { name: 'Generate Certificate' }).count()).toBe(0);
    await b('B1').getByRole('checkbox').check();
    await b('B2').getByRole('checkbox').check();
    await tab('In-Progress').getByRole('button', { name: 'Bake OpenBadges' }).click();
    await page.getByTestId('run-bake').first().waitFor();
    await b('B1').waitFor({ state: 'detached', timeout: 150_000 });
    await b('B2').waitFor({ state: 'detached', timeout: 30_000 });

    await page.getByRole('tab', { name: /Issued/ }).click();
    await b('B1').getByText('Certificate issued', { exact: true }).waitFor({ timeout: 60_000 });
    await b('B1').getByRole('checkbox').check();
    await tab('Issued').getByRole('button', { name: 'Send OpenBadges' }).click();
    await page.getByTestId('run-send').first().waitFor();
    const subject = /OpenBadges has been baked/;
    await awaitMail(email.B1, subject);
    await b('B1').getByText('Certificate sent', { exact: true }).waitFor({ timeout: 30_000 });
    // Only the selected badge was sent.
    await b('B2').getByText('Certificate issued', { exact: true }).waitFor();
    expect((await mailTo(email.B2)).filter((x) => subject.test(x.subject))).toEqual([]);
    await page.screenshot({ path: '/tmp/manage-certificate-badges.png', fullPage: true });
  }, 240_000);

  it('revokes a baked badge from the Issued tab with email, password and a reason', async () => {
    const b = (id: string) => rowOf(badges, id);
    if (await b('B1').getByRole('checkbox').isChecked()) await b('B1').getByRole('checkbox').uncheck();
    await b('B2').getByRole('checkbox').check();
    await tab('Issued').getByRole('button', { name: 'Action 1 selected' }).click();
    await page.getByRole('menuitem', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Revoke' });
    await dialog.getByLabel('Email').fill(admin.email);
    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByLabel('Reason').fill('Awarded in error');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await alert(m.revoked).waitFor();
    await b('B2').getByText('Revoked', { exact: true }).waitFor({ timeout: 30_000 });
    await b('B1').getByText('Certificate sent', { exact: true }).waitFor();
  }, 120_000);
});
