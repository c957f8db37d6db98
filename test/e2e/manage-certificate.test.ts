import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { recipientMessages } from '@proofmark/shared/recipients/messages';
import { registeredAdmin } from '../integration/accounts';
import { api, eventually } from '../integration/helpers';
import { clickUntil, openSignedIn, responseTo, sharedPageHooks } from './support';

/**
 * The issuance workspace in a browser (spec §2.5, §5): a signed-in administrator with a cohort of
 * recipients whose keys are registered; the shared rules answer wrong selections at once, and
 * generation runs as a job whose progress shows until the rows are generated.
 */

let page: Page;
let admin: Awaited<ReturnType<typeof registeredAdmin>>;

const cohort = 'Cert-2026';
const row = (studentId: string) => page.locator(`tr[data-row-key="${cohort}=${studentId}"]`);
const inProgress = () => page.getByRole('tabpanel', { name: /In-Progress/ });

const sheet = async (rows: string[][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Students');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** Uploads recipients through the API the way the recipients screen does, and waits for the import. */
async function importCohort(token: string): Promise<void> {
  const bytes = await sheet([
    ['First Name', 'Middle Name', 'Last Name', 'Email', 'Student ID'],
    ['Marie', '', 'Curie', 'marie@example.test', 'C1001'],
    ['Alan', '', 'Turing', 'alan@example.test', 'C1002'],
    ['Grace', '', 'Hopper', 'grace@example.test', 'C1003'],
  ]);
  const ticket = await api<{ id: string; url: string }>('POST', '/api/uploads', {
    token,
    body: {
      purpose: 'students',
      filename: 'students.xlsx',
      size: bytes.length,
      cohortid: cohort,
      certtype: 'degree',
    },
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  const put = await fetch(ticket.body.Data!.url, { method: 'PUT', body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  const id = ticket.body.Data!.id;
  await api('POST', `/api/uploads/${id}/import`, { token });
  await eventually(async () => {
    const p = (await api<{ state: string }>('GET', `/api/uploads/${id}`, { token })).body.Data!;
    return p.state === 'done' || p.state === 'failed' ? p : undefined;
  }, 60_000);
  // Keys registered for two of them (the email stands in as the key); the third stays without one.
  const keys = await api('POST', '/api/recipients/copy-email-as-key', {
    token,
    body: { selectedItems: [`${cohort}=C1001`, `${cohort}=C1002`], certtype: 'degree' },
  });
  expect(keys.status, JSON.stringify(keys.body)).toBe(200);
}

/** The workspace calls the page made, so a refused action can be shown to have sent nothing. */
const calls: string[] = [];
const track = (request: Request) => {
  const url = new URL(request.url());
  if (request.method() === 'POST' && url.pathname.startsWith('/api/workspace/')) calls.push(url.pathname);
};

beforeAll(async () => {
  admin = await registeredAdmin();
  await importCohort(admin.token);
  // Issuing signs with the organisation's key for its blockchain (My Profile → Generate key pair).
  const key = await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } });
  expect(key.status, JSON.stringify(key.body)).toBeLessThan(300);
  page = await openSignedIn(admin.session, { watch: (p) => p.on('request', track), acceptDownloads: true });
});

sharedPageHooks('manage-certificate', () => page);

describe('Manage Certificate', () => {
  it('loads for a signed-in administrator with the cohort in the In-Progress tab', async () => {
    await page.goto('/ManageCertificate');
    await page.getByRole('heading', { name: 'Manage Certificate' }).waitFor();
    await page.getByRole('tab', { name: /In-Progress/, selected: true }).waitFor();
    await page.locator(`tr[data-row-key="${cohort}="]`).waitFor();
    for (const id of ['C1001', 'C1002', 'C1003']) await row(id).waitFor();
    expect(await row('C1001').innerText()).toContain('Marie Curie');
    expect(await row('C1001').innerText()).toContain('PK received');
    // Every column of §2.5, and a link to the approval screen.
    const headers = await inProgress().locator('thead th').allInnerTexts();
    for (const title of [
      'Name',
      'eMail',
      'PublicKey',
      'SecondEmail',
      'OneTimeCode',
      'Status',
      'Validated',
      'Photo',
    ])
      expect(headers).toContain(title);
    await page.getByRole('main').getByRole('link', { name: 'Verification' }).waitFor();
  });

  it('switches tabs; the Issued tab is empty and its action menu is disabled', async () => {
    await page.getByRole('tab', { name: /Issued/ }).click();
    const issued = page.getByRole('tabpanel', { name: /Issued/ });
    await issued.getByText('There is no data').waitFor();
    expect(await issued.getByRole('button', { name: 'Action 0 selected' }).isDisabled()).toBe(true);
    await issued.getByRole('button', { name: 'Send Certificate' }).click();
    await page.getByRole('alert').filter({ hasText: m.noSelectedStudents }).waitFor();
    await page.getByRole('tab', { name: /In-Progress/ }).click();
    await row('C1001').waitFor();
  });

  it('answers wrong selections with the spec’s messages and sends nothing', async () => {
    calls.length = 0;
    const alert = (text: string) => page.getByRole('alert').filter({ hasText: text });
    await inProgress().getByRole('button', { name: 'Generate Certificate' }).click();
    await alert(m.noSelectedStudents).waitFor();
    await inProgress().getByRole('button', { name: 'Issue Certificate' }).click();
    await alert(m.noSelectedItems).waitFor();
    // Keys registered, nothing generated yet: issuing them is refused.
    await row('C1001').getByRole('checkbox').check();
    await inProgress().getByRole('button', { name: 'Issue Certificate' }).click();
    await alert(m.selectCorrectItems).waitFor();
    await inProgress().getByRole('button', { name: 'Download generated certificates' }).click();
    await alert(m.selectCorrectItemsDot).waitFor();
    await row('C1001').getByRole('checkbox').uncheck();
    expect(calls).toEqual([]);
  });

  it('generates with progress until the rows are generated', async () => {
    await row('C1001').getByRole('checkbox').check();
    await row('C1002').getByRole('checkbox').check();
    const started = responseTo(page, '/api/workspace/generate');
    await inProgress().getByRole('button', { name: 'Generate Certificate' }).click();
    expect((await started).status()).toBe(202);
    const progress = page.getByTestId('run-generate');
    await progress.waitFor();
    expect(await progress.innerText()).toContain('Generating certificates');
    await row('C1001').getByText('generated', { exact: true }).waitFor({ timeout: 90_000 });
    await row('C1002').getByText('generated', { exact: true }).waitFor({ timeout: 30_000 });
    await progress.locator('.ant-progress-status-success').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: '/tmp/manage-certificate.png', fullPage: true });
  }, 150_000);

  it('previews the generated certificate in a sandboxed frame', async () => {
    await row('C1001').getByRole('checkbox').check();
    await inProgress().getByRole('button', { name: 'Preview Certificate' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Preview Certificates' });
    await dialog.waitFor();
    const iframe = dialog.locator('iframe');
    await iframe.waitFor();
    expect(await iframe.getAttribute('sandbox')).toBe('');
    await dialog.frameLocator('iframe').getByText(/Marie/).first().waitFor();
    await page.screenshot({ path: '/tmp/manage-certificate-preview.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('asks for email and password before issuing, then issues into the Issued tab', async () => {
    await row('C1001').getByRole('checkbox').check();
    const balance = responseTo(page, '/api/balance');
    await inProgress().getByRole('button', { name: 'Issue Certificate' }).click();
    await balance;
    const dialog = page.getByRole('dialog').filter({ hasText: 'Issue Certificate' });
    await dialog.waitFor();
    calls.length = 0;
    await clickUntil(dialog.getByRole('button', { name: 'Ok' }), dialog.getByText(m.inputEmail));
    await dialog.getByText(m.inputPassword).waitFor();
    expect(calls).toEqual([]);

    await dialog.getByLabel('Email').fill(admin.email);
    await dialog.getByLabel('Password').fill(`${admin.password}-wrong`);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await dialog.getByText(m.wrongCredentials).waitFor();

    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('run-issue').waitFor();
    await row('C1001').waitFor({ state: 'detached', timeout: 120_000 });
    await page.getByRole('tab', { name: /Issued/ }).click();
    const issued = page.getByRole('tabpanel', { name: /Issued/ });
    await row('C1001')
      .getByText(/Certificate issued|Certificate sent/)
      .waitFor({ timeout: 60_000 });
    expect(await issued.getByRole('link', { name: 'Pdf of Marie Curie' }).getAttribute('href')).toMatch(
      /^https?:/,
    );
  }, 240_000);

  it("shows an issued certificate's QR code, drawn from its verifier page, and downloads it as a PNG", async () => {
    const issued = page.getByRole('tabpanel', { name: /Issued/ });
    const verifier = await issued.getByRole('link', { name: 'Preview of Marie Curie' }).getAttribute('href');
    expect(verifier).toMatch(/\/verify\/[^/?]+\?id=/);
    await issued.getByRole('button', { name: 'QR of Marie Curie' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'QR code of Marie Curie' });
    await dialog.getByRole('img', { name: `QR code of ${verifier}` }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('C1001-qr.png');
    const png = await readFile(await download.path());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // Read back: the browser decodes the PNG, jsQR reads the code from its pixels.
    const image = await page.evaluate(
      async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [img.width, img.height];
        const context = canvas.getContext('2d')!;
        context.drawImage(img, 0, 0);
        const { data } = context.getImageData(0, 0, img.width, img.height);
        return { width: img.width, height: img.height, data: Array.from(data) };
      },
      `data:image/png;base64,${png.toString('base64')}`,
    );
    expect(jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data).toBe(verifier);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('holds and unholds an issued certificate, and asks for a revoke reason', async () => {
    const issued = page.getByRole('tabpanel', { name: /Issued/ });
    await issued.getByRole('button', { name: 'Unhold' }).click();
    await page.getByRole('alert').filter({ hasText: m.noSelectedStudents }).waitFor();
    await row('C1001').getByRole('checkbox').check();
    await issued.getByRole('button', { name: 'Unhold' }).click();
    await page.getByRole('alert').filter({ hasText: m.noHoldStudents }).waitFor();
    await issued.getByRole('button', { name: /(^| )Hold$/ }).click();
    await page.getByRole('alert').filter({ hasText: m.held }).waitFor();
    await row('C1001').getByText('Hold', { exact: true }).waitFor();
    await row('C1001').getByRole('checkbox').check();
    await issued.getByRole('button', { name: 'Unhold' }).click();
    await page.getByRole('alert').filter({ hasText: m.unheld }).waitFor();
    await row('C1001')
      .getByText(/Certificate issued|Certificate sent/)
      .waitFor();

    await row('C1001').getByRole('checkbox').check();
    await issued.getByRole('button', { name: 'Download' }).click();
    const options = page.getByRole('dialog').filter({ hasText: 'Download Options' });
    await options.getByRole('button', { name: 'Ok' }).click();
    await options.getByText(m.noDownloadType).waitFor();
    await options.getByRole('button', { name: 'Cancel' }).click();

    await issued.getByRole('button', { name: 'Action 1 selected' }).click();
    await page.getByRole('menuitem', { name: 'Revoke' }).click();
    const revoke = page.getByRole('dialog').filter({ hasText: 'Revoke Certificate' });
    await revoke.getByLabel('Email').fill(admin.email);
    await revoke.getByLabel('Password').fill(admin.password);
    await revoke.getByRole('button', { name: 'Ok' }).click();
    await revoke.getByText(m.revokeReason).waitFor();
    await revoke.getByRole('button', { name: 'Cancel' }).click();
    await revoke.waitFor({ state: 'hidden' });
    await page.screenshot({ path: '/tmp/manage-certificate-issued.png', fullPage: true });
  });

  it('opens the recipient approval screen (Verification) from the header', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Verification' }).click();
    await page.waitForURL((url) => url.pathname === '/Verification');
    await page.getByRole('heading', { name: 'Verification' }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('alert').filter({ hasText: m.approvalNothingSelected }).waitFor();
    await row('C1001').getByText('Certificate issued').waitFor();
    await row('C1001').getByRole('button', { name: 'View Marie Curie' }).click();
    const info = page.getByRole('dialog').filter({ hasText: 'Recipient Information' });
    await info.getByText('marie@example.test').waitFor();
    // The embedded document: nothing was uploaded for her, and the modal says so (the server was asked).
    await info.getByText(recipientMessages.noDocument).waitFor();
    await page.keyboard.press('Escape');
    await info.waitFor({ state: 'hidden' });
    await row('C1001').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Decline' }).click();
    const decline = page.getByRole('dialog').filter({ hasText: 'Reason' });
    await decline.getByLabel('Reason').fill('The name is misspelt.');
    await decline.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('alert').filter({ hasText: m.declined }).waitFor();
    await row('C1001').getByText('Declined').waitFor();
    await page.screenshot({ path: '/tmp/recipient-approval.png', fullPage: true });
  });
});
