import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

/** Base URL where the global setup serves the SPA and the API. */
export const appUrl = (): string => inject('appUrl');

/** The key web/src/session.ts stores the session under. */
export const sessionKey = 'proofmark.session';

export const pathnameIs =
  (pathname: string) =>
  (url: URL): boolean =>
    url.pathname === pathname;

/** A fresh context (no localStorage, so no session) and page at a desktop size. */
export async function freshPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: appUrl(), viewport: { width: 1280, height: 860 } });
  return { context, page: await context.newPage() };
}

/** Picks `option` in the antd Select labelled `label`. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const item = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`);
  await item.click();
  await item.waitFor({ state: 'hidden' });
}

/**
 * The submit button of the form named `formName`. Found by the form rather than by its own name:
 * after a request antd keeps the collapsing spinner (aria-label "loading") inside the button until
 * its leave animation ends, which a busy headless browser can delay, so the name is not stable.
 */
export const submitOf = (page: Page, formName: string): Locator =>
  page.getByRole('form', { name: formName }).locator('button[type=submit]');

/** Signs in through the login form. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await submitOf(page, 'Log in').click();
}

/**
 * The inline validation messages shown inside `scope`, in page order. A message on its way out
 * stays in the DOM for its leave animation; poll (expect.poll) rather than read once.
 */
export async function fieldErrors(scope: Page | Locator): Promise<string[]> {
  const shown = scope.locator('.ant-form-item-explain-error:not([class*="-leave"])');
  return (await shown.allInnerTexts()).map((t) => t.trim());
}

export const isChecked = async (toggle: Locator): Promise<boolean> => (await toggle.getAttribute('aria-checked')) === 'true';

/** Waits for fonts, lazy chunks and pending calls, then takes a picture for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // From the top: a full-page picture of a scrolled page paints the sticky header mid-page.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
}
