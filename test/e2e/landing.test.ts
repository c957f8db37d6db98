import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { registeredAdmin } from '../integration/accounts';
import { expectRealScreen } from './support';

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
    // The plans come from GET /api/plans after the page has painted.
    await pricing.getByRole('button', { name: 'Choose the Starter plan' }).waitFor({ timeout: 30_000 });
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

/** Puts a real administrator's session into the page, as the app keeps it after signing in. */
async function signInAs(session: unknown): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [sessionKey, JSON.stringify(session)],
  );
}

/** The landing page as a visitor sees it once settled: its heading and the plans (read from GET /api/plans). */
async function landingLoaded(): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The plan cards arrive after the heading; counting clickables before them would skip them.
  await page.getByRole('button', { name: 'Choose the Starter plan' }).waitFor({ timeout: 30_000 });
}

/**
 * Clicks every link and button of the landing page, one at a time from a fresh load, and checks
 * each leads to a real screen: none stays put (a dead button), none opens the 404 page, a blank
 * page or a placeholder. Returns where each went, by its accessible name.
 */
async function followEverything(scope: string): Promise<Map<string, string>> {
  // A link to the landing page itself (the visitor's logo) is where it should be, not a dead end.
  const clickable = `:is(${scope}) :is(a[href]:not([href="/"]), button)`;
  await landingLoaded();
  const clickables = page.locator(clickable);
  const count = await clickables.count();
  expect(count).toBeGreaterThan(10);
  const reached = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    await landingLoaded();
    const target = page.locator(clickable).nth(i);
    const name = ((await target.getAttribute('aria-label')) ?? (await target.innerText())).trim();
    const href = await target.getAttribute('href');
    if (href !== null)
      expect(new URL(href, appUrl).origin, `${name} leaves the site`).toBe(new URL(appUrl).origin);
    await target.click();
    await page
      .waitForURL((url) => url.pathname !== '/', { timeout: 5000 })
      .catch(() => {
        throw new Error(`"${name}" leads nowhere`);
      });
    await expectRealScreen(page, `from "${name}"`);
    reached.set(name, new URL(page.url()).pathname);
  }
  return reached;
}

describe('every way out of the landing page', () => {
  it('a visitor: every link and button leads to a real screen; plans ask to register first', async () => {
    const reached = await followEverything('header, main, footer');
    for (const plan of ['Starter', 'Professional', 'Institution'])
      expect(reached.get(`Choose the ${plan} plan`)).toBe('/Register');
    expect(reached.get('Try the live demo')).toBe('/HomeProofmarkDemo');
    expect(reached.get('Launch the live demo')).toBe('/HomeProofmarkDemo');
    expect(reached.get('Prefer a guided tour? Request a demo →')).toBe('/RegisterDemo');
  }, 300_000);

  it('a signed-in user: every link and button leads to a real screen; plans open plan selection', async () => {
    await signInAs((await registeredAdmin()).session);
    // The signed-in header is the app menu (its Logout comes back here by design): every-route walks it.
    const reached = await followEverything('main, footer');
    for (const plan of ['Starter', 'Professional', 'Institution'])
      expect(reached.get(`Choose the ${plan} plan`)).toBe('/Plans');
  }, 300_000);

  it('shows the blog teasers and fits a 390 px phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const blog = page.locator('#blog');
    await blog.waitFor();
    expect(await blog.getByRole('article').count()).toBe(3);
    await page.waitForLoadState('networkidle');
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, 'landing page wider than a phone').toBeLessThanOrEqual(innerWidth);
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
    // The signed-in menu is its own chunk (visitors never load it): it comes just after the URL.
    await menu.getByText('Logout', { exact: true }).waitFor();
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
