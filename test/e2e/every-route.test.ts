import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appMenu } from '../../web/src/layout/menu';
import { redirects, routeIds, routeTable } from '../../web/src/routing/routeTable';
import type { RouteId } from '../../web/src/routing/routeTable';
import { registeredAdmin } from '../integration/accounts';
import { axeViolations } from './axe';
import { launchChromium } from './browser';
import { expectRealScreen } from './support';

/**
 * Every screen of the route table, signed in, at a laptop width and a phone width: nothing wider
 * than the window, Logout reachable (in the row at 1280 px, in the menu drawer at 390 px), and no
 * WCAG 2.1 A/AA violation axe-core can detect. One browser and one context per width keep the run
 * to one page load per route and width.
 */
const appUrl = inject('appUrl');
const sessionKey = 'proofmark.session';

const viewports = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// Guest screens (login, registration) send a signed-in user to the dashboard; they are checked
// without a session instead, where the header offers Login.
const guestRoutes = routeIds.filter((id) => routeTable[id].access === 'guest');
const signedInRoutes = routeIds.filter((id) => routeTable[id].access !== 'guest');

let browser: Browser;
let session: unknown;

beforeAll(async () => {
  browser = await launchChromium();
  session = (await registeredAdmin()).session;
});

afterAll(async () => {
  await browser?.close();
});

/** Opens a route and waits until its lazy code and first answers have arrived. */
async function open(page: Page, id: RouteId): Promise<void> {
  await page.goto(routeTable[id].path);
  await page.waitForLoadState('networkidle');
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => {});
}

async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
}

/** Logout is visible in the row, or one tap away in the drawer on narrow screens. */
async function expectLogoutReachable(page: Page, width: number): Promise<void> {
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  if (width >= 1200) {
    expect(await logout.isVisible()).toBe(true);
    return;
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await logout.waitFor({ state: 'visible' });
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await logout.waitFor({ state: 'hidden' });
}

for (const viewport of viewports) {
  describe(`every route at ${viewport.width} px (${viewport.name})`, () => {
    let signedIn: BrowserContext;
    let signedInPage: Page;
    let visitor: BrowserContext;
    let visitorPage: Page;

    beforeAll(async () => {
      const size = { width: viewport.width, height: viewport.height };
      signedIn = await browser.newContext({ baseURL: appUrl, viewport: size });
      signedInPage = await signedIn.newPage();
      await signedInPage.goto('/');
      await signedInPage.evaluate(
        ([key, value]) => localStorage.setItem(key!, value!),
        [sessionKey, JSON.stringify(session)],
      );
      visitor = await browser.newContext({ baseURL: appUrl, viewport: size });
      visitorPage = await visitor.newPage();
    });

    afterAll(async () => {
      await signedIn?.close();
      await visitor?.close();
    });

    for (const id of signedInRoutes) {
      it(`${routeTable[id].path} is a real screen, fits, offers Logout and passes axe`, async () => {
        await open(signedInPage, id);
        await expectRealScreen(signedInPage);
        const { scrollWidth, innerWidth } = await horizontalOverflow(signedInPage);
        expect(scrollWidth, 'page wider than the window').toBeLessThanOrEqual(innerWidth);
        await expectLogoutReachable(signedInPage, viewport.width);
        expect((await axeViolations(signedInPage)).join('\n')).toBe('');
      });
    }

    for (const id of guestRoutes) {
      it(`${routeTable[id].path} (visitor) is a real screen, fits, offers Login and passes axe`, async () => {
        await open(visitorPage, id);
        await expectRealScreen(visitorPage);
        const { scrollWidth, innerWidth } = await horizontalOverflow(visitorPage);
        expect(scrollWidth, 'page wider than the window').toBeLessThanOrEqual(innerWidth);
        expect(await visitorPage.getByRole('banner').getByRole('button', { name: 'Login' }).isVisible()).toBe(
          true,
        );
        expect((await axeViolations(visitorPage)).join('\n')).toBe('');
      });
    }
  });
}

describe('the signed-in menu and the old addresses', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto('/');
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [sessionKey, JSON.stringify(session)],
    );
  });

  afterAll(async () => {
    await context?.close();
  });

  it('every menu item opens its screen, highlighted, and the screen is real', async () => {
    await page.goto(routeTable.myProfile.path);
    for (const item of appMenu) {
      await page.getByRole('menu').getByText(item.label, { exact: true }).click();
      await page.waitForURL((url) => url.pathname === routeTable[item.id].path);
      expect(await page.locator('.ant-menu-item-selected').innerText()).toBe(item.label);
      await expectRealScreen(page, `menu item ${item.label}`);
    }
  });

  it('an old address opens the screen that replaced it', async () => {
    for (const [from, to] of Object.entries(redirects)) {
      await page.goto(from);
      await page.waitForURL((url) => url.pathname === to);
      await expectRealScreen(page, `redirected from ${from}`);
    }
  });
});
