import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import type { RunView } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { registeredAdmin, uniqueEmail } from '../integration/accounts';
import { api, eventually } from '../integration/helpers';
import { pdfText } from '../support/pdf-text';
import { axeViolations } from './axe';
import { openSignedIn, pathnameIs, screenshot, sharedPageHooks } from './support';

/**
 * The loop that pays for the product, in the browser on one machine: a new organisation uses its
 * 20 free certificates (Open Badges baked for 20 recipients, arranged through the API), is refused
 * the next issue with the spec's TOP UP message, follows "Buy a plan" to /Plans, pays with 4242 at
 * the local Stripe stand-in, and issues again; MyProfile → Billing then shows the ledger (trial,
 * debits, purchase) and the purchase's receipt as a PDF.
 */
let page: Page;
let admin: Awaited<ReturnType<typeof registeredAdmin>>;
const degrees = 'Loop-2026';
const badges = 'Loop-Badges';
const badgeIds = Array.from({ length: FREE_TRIAL_CERTIFICATES }, (_, i) => `B${String(i + 1).padStart(2, '0')}`);

const balance = async () =>
  (await api<{ balance: number }>('GET', '/api/balance', { token: admin.token })).body.Data!.balance;
const row = (id: string) => page.locator(`tr[data-row-key="${degrees}=${id}"]`);
/** One of the Billing tab's cards, by its title. */
const card = (title: string) =>
  page.locator('.ant-card-small').filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });

async function importCohort(cohortid: string, certtype: string, ids: string[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Students');
  ws.addRow(['First Name', 'Middle Name', 'Last Name', 'Email', 'Student ID']);
  for (const id of ids) ws.addRow([`First${id}`, '', `Last${id}`, uniqueEmail(id.toLowerCase()), id]);
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  const ticket = await api<{ id: string; url: string }>('POST', '/api/uploads', {
    token: admin.token,
    body: { purpose: 'students', filename: `${cohortid}.xlsx`, size: bytes.length, cohortid, certtype },
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  expect((await fetch(ticket.body.Data!.url, { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(200);
  await api('POST', `/api/uploads/${ticket.body.Data!.id}/import`, { token: admin.token });
  const done = await eventually(async () => {
    const p = (await api<{ state: string }>('GET', `/api/uploads/${ticket.body.Data!.id}`, { token: admin.token })).body
      .Data!;
    return p.state === 'done' || p.state === 'failed' ? p : undefined;
  }, 120_000);
  expect(done.state).toBe('done');
}

const finishedRun = (id: string, timeoutMs: number) =>
  eventually(async () => {
    const run = (await api<RunView>('GET', `/api/workspace/runs/${id}`, { token: admin.token })).body.Data;
    if (run?.state === 'failed') throw new Error(`run failed: ${JSON.stringify(run)}`);
    return run?.state === 'done' ? run : undefined;
  }, timeoutMs);

beforeAll(async () => {
  admin = await registeredAdmin();
  const key = await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } });
  expect(key.status, JSON.stringify(key.body)).toBeLessThan(300);
  await importCohort(badges, 'openbadges', badgeIds);
  await importCohort(degrees, 'degree', ['D1']);
  const keys = await api('POST', '/api/recipients/copy-email-as-key', {
    token: admin.token,
    body: { selectedItems: [`${degrees}=`], certtype: 'degree' },
  });
  expect(keys.status, JSON.stringify(keys.body)).toBe(200);
  const generated = await api<RunView>('POST', '/api/workspace/generate', {
    token: admin.token,
    body: { certtype: 'degree', selectedItems: [`${degrees}=D1`] },
  });
  expect(generated.status, JSON.stringify(generated.body)).toBe(202);
  // The free trial used up: 20 Open Badges baked (each debited from the balance with the run).
  const baked = await api<RunView>('POST', '/api/workspace/bake', {
    token: admin.token,
    body: { certtype: 'openbadges', selectedItems: badgeIds.map((id) => `${badges}=${id}`), requestId: randomUUID() },
  });
  expect(baked.status, JSON.stringify(baked.body)).toBe(202);
  await finishedRun(generated.body.Data!.id, 180_000);
  await finishedRun(baked.body.Data!.id, 240_000);
  expect(await balance()).toBe(0);

  page = await openSignedIn(admin.session, {
    path: '/ManageCertificate',
    heading: 'Manage Certificate',
    acceptDownloads: true,
  });
  await row('D1').getByText('generated', { exact: true }).waitFor({ timeout: 30_000 });
}, 600_000);

sharedPageHooks('top-up-loop', () => page);

describe('after the free trial', () => {
  it('refuses the 21st certificate with the TOP UP message, whose Buy a plan leads to /Plans', async () => {
    await row('D1').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Issue Certificate' }).first().click();
    const topUp = page.getByRole('dialog').filter({ hasText: 'TOP UP' });
    await topUp.getByText(m.insufficientBalance).waitFor();
    await topUp.getByText('Current balance: 0 certificates.').waitFor();
    await topUp.getByRole('button', { name: 'Buy a plan' }).click();
    await page.waitForURL(pathnameIs('/Plans'));
    expect(await balance()).toBe(0);
  });

  it('buys a plan with 4242 and lands on /Dashboard with the balance risen', async () => {
    await page.getByRole('button', { name: 'Choose Starter' }).click();
    await page.waitForURL(pathnameIs('/payment'));
    await page.getByText('Order summary').waitFor();
    await page.getByLabel('Card number (local test payments)').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(pathnameIs('/paymentstatus'));
    await page.getByText(/100 certificates were added/).waitFor();
    await page.waitForURL(pathnameIs('/Dashboard'));
    expect(await balance()).toBe(100);
  });

  it('issues again', async () => {
    await page.goto('/ManageCertificate');
    await row('D1').getByText('generated', { exact: true }).waitFor({ timeout: 30_000 });
    await row('D1').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Issue Certificate' }).first().click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Issue Certificate' });
    await dialog.getByLabel('Email').fill(admin.email);
    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row('D1').waitFor({ state: 'detached', timeout: 150_000 });
    await page.getByRole('tab', { name: /Issued/ }).click();
    await row('D1').getByText('Certificate issued', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await balance()).toBe(99);
  }, 240_000);

  it('shows the ledger and the purchase with its PDF receipt in MyProfile → Billing', async () => {
    await page.goto('/MyProfile?tab=billing');
    const ledger = card('Balance ledger');
    const rows = ledger.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(4);
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(texts[0]).toMatch(/Certificates issued -1 99$/);
    expect(texts[1]).toMatch(/Plan bought Starter \+100 100$/);
    expect(texts[2]).toMatch(/Open Badges baked -20 0$/);
    expect(texts[3]).toMatch(/Free trial \+20 20$/);

    const purchases = card('Purchases');
    await purchases.getByRole('cell', { name: 'Starter', exact: true }).waitFor();
    const downloaded = page.waitForEvent('download');
    await purchases.getByRole('button', { name: /^Download the receipt of Starter/ }).click();
    const file = await (await downloaded).path();
    const text = await pdfText(readFileSync(file));
    for (const part of ['Receipt', 'Analytical College', 'Starter (100 certificates)', '$39.00', 'Total paid'])
      expect(text).toContain(part);
    await screenshot(page, 'billing');
  });

  it('is axe-clean at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/MyProfile?tab=billing');
      await card('Purchases').getByRole('cell', { name: 'Starter', exact: true }).waitFor();
      expect(await axeViolations(page), `${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    }
  }, 240_000);
});
