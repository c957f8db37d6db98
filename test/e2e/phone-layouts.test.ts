import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SessionData } from '@proofmark/shared/contract/auth';
import { SESSION_STORAGE_KEY } from '../../web/src/session';
import { adminOfNewOrganisation, call } from './cloudApi';
import { launchChromium } from './browser';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { appUrl, fieldErrors, logIn, pathnameIs } from './support';
import { readManifest } from '../../scripts/spa-budgets';

/** Screens the route sweep does not open (tabs, confirmations), at phone and laptop widths. */
let browser: Browser;
let admin: Awaited<ReturnType<typeof adminOfNewOrganisation>>;

beforeAll(async () => {
  browser = await launchChromium();
  admin = await adminOfNewOrganisation();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: appUrl(), viewport: { width, height: 844 } });
  const page = await context.newPage();
  await logIn(page, admin.email, admin.password);
  await page.waitForURL(pathnameIs('/Dashboard'));
  return { context, page };
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('layouts on a phone (390 px)', () => {
  it('Setting tab and Team table fit; the key replacement confirmation is inside the window', async () => {
    const { context, page } = await signedIn(390);
    await page.goto('/MyProfile?tab=settings');
    await page.locator('#settings-receipts').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/MyProfile?tab=team');
    const name = page.getByRole('row').filter({ hasText: admin.email }).getByRole('cell').first();
    await name.waitFor();
    // The name column keeps its width (the table scrolls sideways instead of squeezing it).
    expect((await name.boundingBox())!.width).toBeGreaterThanOrEqual(180);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/MyProfile?tab=keypair');
    await page.locator('.ant-radio-button-wrapper').first().click();
    const generate = page
      .getByRole('form', { name: 'Generate key pair' })
      .getByRole('button', { name: /Generate/ });
    // The first key needs no confirmation; the second replaces it and asks first.
    await generate.click();
    await page.locator('.ant-message-success').waitFor();
    await page.waitForLoadState('networkidle');
    await generate.click();
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Replace the' });
    await confirm.waitFor();
    // Measured once the popup has settled: antd aligns it again (keeping it inside the window) after
    // its opening motion, and the first frame can sit where it would overflow.
    await expect
      .poll(
        async () => {
          const box = (await confirm.boundingBox())!;
          return box.x >= 0 && box.x + box.width <= 390 ? 'inside' : `${box.x}..${box.x + box.width}`;
        },
        { timeout: 10_000 },
      )
      .toBe('inside');
    await context.close();
  });
});

describe('Setting tab section list (1280 px)', () => {
  it('shows every section title in full and highlights the one chosen', async () => {
    const { context, page } = await signedIn(1280);
    await page.goto('/MyProfile?tab=settings');
    await page.locator('#settings-receipts').waitFor();
    const titles = page.locator('.settings-anchor .ant-anchor-link-title');
    await titles.first().waitFor();
    const cut = await titles.evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    for (const title of ['Payment and partners', 'Transaction receipts']) {
      await titles.filter({ hasText: title }).click();
      await expect
        .poll(() => page.locator('.settings-anchor .ant-anchor-link-title-active').innerText(), {
          timeout: 5000,
        })
        .toBe(title);
    }
    await context.close();
  });
});

describe('messages shown once (Change Password tab)', () => {
  it("says 'Please enter all fields' once, and refuses the same password as the old one", async () => {
    const { context, page } = await signedIn(1280);
    await page.goto('/MyProfile?tab=password');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText(accountMessages.allFieldsRequired).first().waitFor();
    await expect
      .poll(() => fieldErrors(form), { timeout: 5000 })
      .toEqual([accountMessages.allFieldsRequired]);

    for (const label of ['Old password', 'New password', 'Confirm password']) {
      await form.getByLabel(label, { exact: true }).fill(admin.password);
    }
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => fieldErrors(form), { timeout: 5000 })
      .toEqual([accountMessages.newPasswordSameAsOld]);
    await context.close();
  });
});

describe('speed as felt', () => {
  it('asks for /api/auth/me and /api/profile together, not one after the other', async () => {
    const { context, page } = await signedIn(1280);
    const started = new Map<string, number>();
    const finished = new Map<string, number>();
    const pathOf = (url: string) => new URL(url).pathname;
    page.on('request', (r) => {
      if (!started.has(pathOf(r.url()))) started.set(pathOf(r.url()), Date.now());
    });
    page.on('requestfinished', (r) => {
      if (!finished.has(pathOf(r.url()))) finished.set(pathOf(r.url()), Date.now());
    });
    await page.goto('/MyProfile');
    await expect
      .poll(() => finished.has('/api/auth/me') && finished.has('/api/profile'), { timeout: 15_000 })
      .toBe(true);
    expect(started.get('/api/auth/me')!).toBeLessThanOrEqual(finished.get('/api/profile')!);
    expect(started.get('/api/profile')!).toBeLessThanOrEqual(finished.get('/api/auth/me')!);
    await context.close();
  });

  /** A chunk's path as the build named it. */
  const chunk = (source: string) =>
    `/${readManifest(path.join(import.meta.dirname, '../../web/dist'))[source]!.file}`;

  /**
   * A fresh context signed in the way the SPA keeps a login, before anything loads: with nothing
   * cached, every chunk really travels (after a login through the form they would be cached).
   */
  async function freshSignedIn(): Promise<{ context: BrowserContext; page: Page }> {
    const login = await call<SessionData>('POST', '/api/auth/login', {
      body: { email: admin.email, password: admin.password },
    });
    const context = await browser.newContext({ baseURL: appUrl(), viewport: { width: 1280, height: 844 } });
    await context.addInitScript(
      `localStorage.setItem(${JSON.stringify(SESSION_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(login.body.Data))})`,
    );
    return { context, page: await context.newPage() };
  }

  it("reads /api/profile and /api/auth/me once each on the first open, asked for before the page's code", async () => {
    const myProfile = chunk('src/pages/MyProfile/index.tsx');
    const { context, page } = await freshSignedIn();
    // What the page asked for and what arrived, in the order it happened.
    const events: string[] = [];
    const pathOf = (url: string) => new URL(url).pathname;
    page.on('request', (r) => events.push(`> ${pathOf(r.url())}`));
    page.on('requestfinished', (r) => events.push(`< ${pathOf(r.url())}`));
    await page.goto('/MyProfile?tab=settings');
    await page.getByRole('region', { name: 'Blockchain', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Transaction receipts', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const count = (event: string) => events.filter((e) => e === event).length;
    // One read of each, shared by the frame, the page and the tab.
    expect({ profile: count('> /api/profile'), me: count('> /api/auth/me') }).toEqual({ profile: 1, me: 1 });
    // Started by the entry, beside the page's code, not once that code has loaded and rendered.
    const pageArrived = events.indexOf(`< ${myProfile}`);
    expect(pageArrived).toBeGreaterThan(-1);
    expect(events.indexOf('> /api/profile')).toBeLessThan(pageArrived);
    expect(events.indexOf('> /api/auth/me')).toBeLessThan(pageArrived);
    // Asked for before the page's code, too: the browser opens six connections to the server, and
    // reads asked for after the page's chunks waited for most of them to arrive before being sent.
    const pageAsked = events.indexOf(`> ${myProfile}`);
    expect(events.indexOf('> /api/profile')).toBeLessThan(pageAsked);
    expect(events.indexOf('> /api/auth/me')).toBeLessThan(pageAsked);
    await context.close();
  });

  it("starts the page's code with the signed-in header's, not once the header has loaded", async () => {
    const header = chunk('src/layout/SignedInHeader.tsx');
    const myProfile = chunk('src/pages/MyProfile/index.tsx');
    const { context, page } = await freshSignedIn();
    const started = new Map<string, number>();
    const finished = new Map<string, number>();
    let order = 0;
    const pathOf = (url: string) => new URL(url).pathname;
    page.on('request', (r) => {
      if (!started.has(pathOf(r.url()))) started.set(pathOf(r.url()), order++);
    });
    page.on('requestfinished', (r) => {
      if (!finished.has(pathOf(r.url()))) finished.set(pathOf(r.url()), order++);
    });
    await page.goto('/MyProfile?tab=settings');
    await page.getByRole('region', { name: 'Blockchain', exact: true }).waitFor();
    // Both asked for before either arrived (rendering alone asks for the page only once the header is in).
    expect(started.get(myProfile)).toBeLessThan(finished.get(header)!);
    await context.close();
  });
});
