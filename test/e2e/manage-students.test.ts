import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { registeredAdmin } from '../integration/accounts';
import { openSignedIn, sharedPageHooks } from './support';

let page: Page;
let organisation: string;

const sheet = async (rows: string[][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Students');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

const cohort = 'Class-2026';

const row = (studentId: string) => page.locator(`tr[data-row-key="${cohort}=${studentId}"]`);

/** Chooses a file in the upload box and presses Upload sheet. */
async function uploadSheet(name: string, buffer: Buffer): Promise<void> {
  await page.locator('.ant-upload input[type=file]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await page.getByRole('button', { name: 'Upload sheet' }).click();
}

beforeAll(async () => {
  const admin = await registeredAdmin();
  organisation = admin.session.organization_name;
  page = await openSignedIn(admin.session, { viewport: { width: 1366, height: 900 } });
});

sharedPageHooks('manage-students', () => page);

describe('Manage Students', () => {
  it('starts with no cohorts', async () => {
    await page.goto('/ManageStudents');
    await page.getByRole('heading', { name: 'Manage Students' }).waitFor();
    await page.getByText(m.noCohorts).first().waitFor();
    expect(await page.getByRole('button', { name: /Send invitation/ }).isDisabled()).toBe(true);
  });

  it('checks the file and the cohort before uploading', async () => {
    await page.getByRole('button', { name: 'Upload sheet' }).click();
    await page.getByText(m.selectFile).waitFor();

    await uploadSheet('my students.xlsx', await sheet([['First Name', 'Email', 'Student ID']]));
    await page.getByText(m.excelNameHasSpace).waitFor();

    await uploadSheet('students.xlsx', await sheet([['First Name', 'Email', 'Student ID']]));
    await page.getByText(m.noSelectedCohort).waitFor();
  });

  it('uploads a sheet into a new cohort and shows its rows in the tree', async () => {
    await page.getByLabel('Cohort', { exact: true }).fill(cohort);
    const bytes = await sheet([
      ['First Name', 'Middle Name', 'Last Name', 'Email', 'Student ID'],
      ['Marie', 'Salomea', 'Curie', 'marie@example.test', 'S1001'],
      ['Alan', 'Mathison', 'Turing', 'alan@example.test', 'S1002'],
      ['Grace', 'Brewster', 'Hopper', 'grace@example.test', 'S1003'],
    ]);
    await uploadSheet('students.xlsx', bytes);
    // The import job shares the test cloud with every other test file: give it time to reach us.
    await page.getByText(m.importDone(3, 0, 0)).waitFor({ timeout: 120_000 });

    await page.locator(`tr[data-row-key="${cohort}="]`).waitFor();
    for (const id of ['S1001', 'S1002', 'S1003']) await row(id).waitFor();
    expect(await row('S1002').innerText()).toContain('Alan Mathison Turing');
    expect(await page.locator('tr[data-row-key]').count()).toBe(4);
  }, 180_000);

  it('narrows the tree with the search box', async () => {
    const search = page.getByLabel('Search recipients');
    await search.fill('turing');
    await search.press('Enter');
    await row('S1001').waitFor({ state: 'detached' });
    expect(await page.locator('tr[data-row-key].ant-table-row-level-1').count()).toBe(1);
    await row('S1002').waitFor();

    await search.fill('');
    await row('S1001').waitFor();
    expect(await page.locator('tr[data-row-key].ant-table-row-level-1').count()).toBe(3);
  });

  it('previews the invitation email in a sandboxed frame', async () => {
    await row('S1001').getByRole('checkbox').check();
    await page.getByRole('button', { name: /Preview invitation email/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Preview invitation email' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('marie@example.test');
    const iframe = dialog.locator('iframe');
    expect(await iframe.getAttribute('sandbox')).not.toContain('allow-scripts');
    const frame = dialog.frameLocator('iframe');
    await frame.getByText(organisation).first().waitFor();
    expect(await frame.locator('body').innerText()).toContain('Dear Marie');
    const wallet = await frame.locator('a[href*="wallet.blockcerts.org"]').first().getAttribute('href');
    expect(wallet).toMatch(/^https:\/\/wallet\.blockcerts\.org\/#\/introduce-recipient\//);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('sends invitations to a whole cohort', async () => {
    await page.getByLabel(`Select cohort ${cohort}`).check();
    for (const id of ['S1001', 'S1002', 'S1003'])
      expect(await row(id).getByRole('checkbox').isChecked()).toBe(true);
    await page.getByRole('button', { name: /Send invitation/ }).click();
    // The invite job mails them (§8: 'Please wait a few minutes.'); the rows show it once it is done.
    await page.getByText(m.pleaseWait).first().waitFor();
    for (const id of ['S1001', 'S1002', 'S1003']) {
      await row(id).getByText('Invite pending').waitFor({ timeout: 90_000 });
    }
  }, 150_000);

  it('edits a name through the edit icon (shown once the row has a status)', async () => {
    await row('S1003')
      .getByRole('button', { name: /^Edit / })
      .click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Edit student S1003' });
    await dialog.waitFor();
    await dialog.getByLabel('First name').fill('Amazing Grace');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(m.recipientUpdated).waitFor();
    await row('S1003').getByText('Amazing Grace Brewster Hopper').waitFor();

    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: '/tmp/manage-students.png', fullPage: true });
  });

  it('says what is wrong with a text file named .xlsx', async () => {
    // The name is fine, so the client lets it through; the server reads the bytes and refuses them.
    const imported = page.waitForResponse((r) => /\/api\/uploads\/[^/]+\/import$/.test(r.url()));
    await uploadSheet('notes.xlsx', Buffer.from('These are just some notes, not a workbook.\n'));
    expect((await imported).status()).toBe(400);
    await page.getByText(m.wrongFileFormat).waitFor();
    await page.screenshot({ path: '/tmp/manage-students-bad-file.png' });
  });
});
