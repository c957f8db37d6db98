import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunView } from '@proofmark/shared/contract/workspace';
import { api, eventually, mailTo } from '../integration/helpers';
import { registeredAdmin, uniqueEmail } from '../integration/accounts';
import {
  finishedRun,
  issuedCertificates,
  publishedBatch,
  type IssuedCertificates,
} from '../integration/workspace-fixtures';
import { axeViolations } from './axe';
import { launchChromium } from './browser';
import { freshPage, openSignedIn, screenshot, sharedPageHooks } from './support';

/**
 * The dashboard in a real browser against the local cloud: in a fresh organisation three
 * certificates issued, two sent, one of those revoked (through the API, as the workspace does it);
 * then the monthly charts and totals show exactly those counts, a Yearly view ending in another
 * year shows none, each CSV downloads the same numbers, a check made on the verifier page is in the
 * verification-requests table, and the certificate mail read in a browser (its pixel loaded, its
 * link followed) counts one open and one click in the engagement funnel.
 */

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

const now = new Date();
const year = now.getUTCFullYear();
const monthName = now.toLocaleString('en', { month: 'short', timeZone: 'UTC' });
const month = now.toISOString().slice(0, 7);

let admin: Admin;
let issued: IssuedCertificates;
let page: Page;
const reader = uniqueEmail('reader');
const students = [
  { id: 'B1', first: 'Grace', last: 'Hopper', email: reader },
  { id: 'B2', first: 'Katherine', last: 'Johnson' },
  { id: 'B3', first: 'Ada', last: 'Byron' },
];

sharedPageHooks('dashboard', () => page);

beforeAll(async () => {
  admin = await registeredAdmin();
  issued = await issuedCertificates(admin, students);
  const send = await api<RunView>('POST', '/api/workspace/send', {
    token: admin.token,
    body: { certtype: 'degree', selectedItems: issued.items.slice(0, 2) },
  });
  expect(send.status, JSON.stringify(send.body)).toBe(202);
  expect(await finishedRun(admin, send.body.Data!.id)).toMatchObject({ done: 2, failed: 0 });
  const revoke = await api<{ batchId: string }>('POST', '/api/workspace/revoke', {
    token: admin.token,
    body: {
      email: admin.email,
      password: admin.password,
      certtype: 'degree',
      selectedItems: [issued.items[1]],
      revokereason: 'Issued in error',
    },
  });
  expect(revoke.status, JSON.stringify(revoke.body)).toBe(200);
  await publishedBatch(admin, revoke.body.Data!.batchId);
  page = await openSignedIn(admin.session, {
    path: '/Dashboard',
    heading: 'Dashboard',
    acceptDownloads: true,
  });
}, 400_000);

/** The antd card titled `title`. */
const card = (title: string) =>
  page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });
const totalOf = (key: 'issued' | 'sent' | 'revoked') =>
  page.getByTestId(`total-${key}`).locator('.ant-statistic-content-value').innerText();
const chartOf = (name: string) =>
  page.getByRole('img', { name: new RegExp(`^${name} per period:`) }).getAttribute('aria-label');

/** What the period's chart says for each bar, as { label: count }. */
const barsOf = async (name: string) => {
  const said = (await chartOf(name))!.replace(/^[^:]+:\s*/, '');
  return Object.fromEntries(
    said.split(', ').map((bar) => {
      const [label, count] = bar.split(' ');
      return [label!, Number(count)];
    }),
  );
};

/** Clicks a CSV button and answers the downloaded file's name and lines. */
const downloaded = async (button: ReturnType<Page['getByRole']>) => {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = await download.path();
  return {
    name: download.suggestedFilename(),
    lines: fs.readFileSync(file, 'utf8').trim().split('\r\n'),
  };
};

const expectAxeClean = async () => {
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page)).toEqual([]);
};

// A busy machine runs two browsers and the jobs behind them: generous limits, no fixed waits.
describe('the dashboard', { timeout: 240_000 }, () => {
  it('shows exactly the issued, sent and revoked counts of the month, in totals and charts', async () => {
    await expect.poll(() => totalOf('issued'), { timeout: 60_000 }).toBe('3');
    expect(await totalOf('sent')).toBe('2');
    expect(await totalOf('revoked')).toBe('1');
    for (const [name, count] of [
      ['Issued', 3],
      ['Sent', 2],
      ['Revoked', 1],
    ] as const) {
      const bars = await barsOf(name);
      expect(Object.keys(bars)).toHaveLength(12);
      expect(bars[monthName]).toBe(count);
      expect(Object.values(bars).reduce((a, b) => a + b, 0)).toBe(count);
    }
    // The verification search is one line high (in the card's column it once stretched to 260 px).
    const search = await page
      .locator('.ant-input-search', { has: page.getByLabel('Search verification requests') })
      .boundingBox();
    expect(search?.height).toBeLessThan(48);
    await screenshot(page, 'dashboard');
  });

  it('downloads each chart as download.csv with the same numbers', async () => {
    for (const [title, kind, count] of [
      ['issued', 'issued', 3],
      ['sent', 'sent', 2],
      ['revoked', 'revoked', 1],
    ] as const) {
      const csv = await downloaded(page.getByRole('button', { name: `Download ${title} as CSV` }));
      expect(csv.name).toBe('download.csv');
      expect(csv.lines[0]).toBe(`month,${kind}`);
      expect(csv.lines).toHaveLength(13);
      expect(csv.lines).toContain(`${month},${count}`);
      const total = csv.lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0);
      expect(total).toBe(count);
    }
  });

  it('shows nothing in a Yearly view that ends in another year', async () => {
    await page.getByText('Yearly', { exact: true }).click();
    const endYear = page.getByLabel('End year', { exact: true });
    await endYear.waitFor();
    // This year first: the certificates are in it.
    await expect.poll(() => totalOf('issued'), { timeout: 30_000 }).toBe('3');
    await endYear.click();
    const other = String(year - 1);
    const option = page.locator(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${other}"]`,
    );
    await option.scrollIntoViewIfNeeded();
    await option.click();
    await expect.poll(() => chartOf('Issued'), { timeout: 30_000 }).not.toContain(`${year} `);
    expect(await totalOf('issued')).toBe('0');
    expect(await totalOf('sent')).toBe('0');
    expect(await totalOf('revoked')).toBe('0');
    const bars = await barsOf('Issued');
    expect(Object.keys(bars)).toEqual(Array.from({ length: year - 2018 }, (_, i) => String(2018 + i)));
    expect(Object.values(bars).every((n) => n === 0)).toBe(true);
    const csv = await downloaded(page.getByRole('button', { name: 'Download issued as CSV' }));
    expect(csv.lines[0]).toBe('year,issued');
    expect(csv.lines.slice(1).every((line) => line.endsWith(',0'))).toBe(true);
    await page.getByText('Monthly', { exact: true }).click();
    await expect.poll(() => totalOf('issued'), { timeout: 30_000 }).toBe('3');
  });

  it('lists a verification made on the verifier page, in the table and its CSV', async () => {
    const slug = admin.session.organization_verify_uri.split('/').pop()!;
    const grace = issued.credentials.find((c) => JSON.stringify(c).includes('Grace Hopper'))!;
    const browser = await launchChromium();
    try {
      const visitor = await freshPage(browser);
      const recorded = visitor.page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/public/verifications',
        { timeout: 60_000 },
      );
      await visitor.page.goto(`/verify/${slug}?id=${grace.id.replace(/^urn:uuid:/, '')}`);
      await visitor.page.getByTestId('verdict').waitFor({ timeout: 60_000 });
      expect((await recorded).status()).toBeLessThan(300);
    } finally {
      await browser.close();
    }
    const table = card('Verification requests').getByRole('table');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
          await page.waitForLoadState('networkidle');
          return table.innerText();
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toContain('Grace Hopper');
    const row = table.getByRole('row').filter({ hasText: 'Grace Hopper' });
    expect(await row.innerText()).toMatch(/verified/);
    const csv = await downloaded(card('Verification requests').getByRole('button', { name: 'CSV' }));
    expect(csv.name).toBe('download.csv');
    expect(csv.lines).toHaveLength(2);
    expect(csv.lines[1]).toContain('Grace Hopper');
    expect(csv.lines[1]).toContain(grace.id);
  });

  it('counts the certificate mail read in a browser: its pixel one open, its link followed one click', async () => {
    const mail = await eventually(async () => (await mailTo(reader)).at(-1));
    const html = mail.body.html ?? '';
    const browser = await launchChromium();
    try {
      const { page: inbox } = await freshPage(browser);
      const opened = inbox.waitForResponse((r) => /\/api\/public\/mail\/[^/]+\/open$/.test(r.url()));
      await inbox.setContent(html);
      expect((await opened).status()).toBe(200);
      const link = inbox.locator('a[href*="/api/public/mail/"]').first();
      const followed = inbox.waitForResponse((r) => /\/api\/public\/mail\/[^/]+\/link\/\d+$/.test(r.url()));
      await link.click();
      expect((await followed).status()).toBe(302);
    } finally {
      await browser.close();
    }
    const funnel = card('Engagement').getByRole('table');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
          await page.waitForLoadState('networkidle');
          const row = funnel.getByRole('row').filter({ hasText: issued.cohort });
          if (!(await row.count())) return undefined;
          const cells = await row.getByRole('cell').allInnerTexts();
          // Cohort, mailed, delivered, opened, clicked.
          return cells.slice(0, 5).map((c) => c.trim());
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toEqual([issued.cohort, '2', '2', '1', '1']);
  });

  it('is axe-clean at 1280 and 390 px', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAxeClean();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => totalOf('issued'), { timeout: 30_000 }).toBe('3');
    await expectAxeClean();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'dashboard-phone');
  });
});
