import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { registeredAdmin } from '../integration/accounts';

const appUrl = inject('appUrl');

// The key web/src/session.ts stores the session under; a test that signs in by hand writes it.
const sessionKey = 'proofmark.session';

let browser: Browser;
let context: BrowserContext;
let page: Page;

const pathnameIs =
  (pathname: string) =>
  (url: URL): boolean =>
    url.pathname === pathname;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

// A fresh context per test: no localStorage (so no session) carries over from the previous one.
beforeEach(async () => {
  context = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

describe('landing page', () => {
  it('shows the product name and the pricing', async () => {
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await heading.innerText()).toMatch(/verify in seconds/i);
    expect(await page.title()).toContain('Proofmark');
    expect(await page.getByRole('banner').getByText('Proofmark', { exact: true }).isVisible()).toBe(true);

    const pricing = page.locator('#pricing');
    const pricingText = await pricing.innerText();
    for (const price of ['$39', '$69', '$99']) expect(pricingText).toContain(price);
    expect(pricingText).toContain('USD / month');
    expect(await page.locator('body').innerText()).toMatch(/batches of up to 2,000 certificates/i);
    expect(
      await page
        .getByRole('button', { name: /20 certificates free/i })
        .first()
        .isVisible(),
    ).toBe(true);

    // Fonts and lazy chunks settle before the picture is taken.
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: '/tmp/landing.png' });
  });

  it('offers a Login button that opens the login screen', async () => {
    await page.goto('/');
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.waitFor();
    expect(await login.isVisible()).toBe(true);
    await login.click();
    await page.waitForURL(pathnameIs('/login'));
  });
});

describe('guards', () => {
  it('sends a visitor without a session from /Dashboard to /login', async () => {
    await page.goto('/Dashboard');
    await page.waitForURL(pathnameIs('/login'));
    expect(await page.getByRole('button', { name: 'Login', exact: true }).isVisible()).toBe(true);
  });

  it('sends a signed-in user from /login to the dashboard, highlights it, and logs out to home', async () => {
    // A real session: the frame calls the API with it (a made-up token would be signed out at once).
    const admin = await registeredAdmin();
    await page.goto('/');
    await page.evaluate(
      `localStorage.setItem(${JSON.stringify(sessionKey)}, ${JSON.stringify(JSON.stringify(admin.session))})`,
    );
    await page.goto('/login');
    await page.waitForURL(pathnameIs('/Dashboard'));

    const menu = page.getByRole('menu');
    for (const item of [
      'Dashboard',
      'Manage Students',
      'Design Certificate',
      'Manage Certificate',
      'Verification',
      'My Profile',
      'Logout',
    ]) {
      expect(await menu.getByText(item, { exact: true }).isVisible(), item).toBe(true);
    }
    expect(await page.locator('.ant-menu-item-selected').innerText()).toBe('Dashboard');

    await menu.getByText('Logout', { exact: true }).click();
    await page.waitForURL(pathnameIs('/'));
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    // The click is acknowledged, not silent.
    await page.getByText('You are signed out.', { exact: true }).waitFor();
    expect(await page.evaluate(`localStorage.getItem(${JSON.stringify(sessionKey)})`)).toBeNull();
  });
});

describe('demo entry page', () => {
  it("shows both buttons, and 'Try Proofmark Today' opens the demo", async () => {
    await page.goto('/HomeProofmarkDemo');
    const tryIt = page.getByRole('button', { name: 'Try Proofmark Today' });
    const requestDemo = page.getByRole('button', { name: 'Request a Demo' });
    await tryIt.waitFor();
    expect(await requestDemo.isVisible()).toBe(true);

    await tryIt.click();
    await page.waitForURL(pathnameIs('/ProofmarkDemo'));
  });
});
