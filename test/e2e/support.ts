import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, inject } from 'vitest';
import { launchChromium } from './browser';

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

export interface SignInOptions {
  /** Opened once signed in. */
  path?: string;
  /** A heading of `path` waited for, so the page has loaded. */
  heading?: string;
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
  /** Called with the page before anything loads (e.g. to record its requests). */
  watch?: (page: Page) => void;
}

/**
 * A page in a new Chromium, signed in as `session` the way the SPA itself keeps a login
 * (web/src/session.ts): the session in localStorage, no login form. For a test file whose tests
 * share the page; sharedPageHooks closes it.
 */
export async function openSignedIn(session: object, options: SignInOptions = {}): Promise<Page> {
  const browser = await launchChromium();
  const context = await browser.newContext({
    baseURL: appUrl(),
    viewport: options.viewport ?? { width: 1280, height: 900 },
    acceptDownloads: options.acceptDownloads,
  });
  const page = await context.newPage();
  recordProblems(page);
  options.watch?.(page);
  await page.goto('/');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: sessionKey,
    value: JSON.stringify(session),
  });
  if (options.path !== undefined) await page.goto(options.path);
  if (options.heading !== undefined) await page.getByRole('heading', { name: options.heading }).waitFor();
  return page;
}

/** The last uncaught errors and console errors of each signed-in page, for a failed test's log. */
const problems = new WeakMap<Page, string[]>();
const keptProblems = 20;

function recordProblems(page: Page): void {
  const seen: string[] = [];
  problems.set(page, seen);
  const keep = (line: string) => {
    seen.push(`${new Date().toISOString()} ${line.slice(0, 500)}`);
    if (seen.length > keptProblems) seen.shift();
  };
  page.on('pageerror', (error) => keep(`uncaught: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') keep(`console: ${message.text()}`);
  });
}

/**
 * The hooks of a test file whose tests share one page (openSignedIn): a failed test leaves a
 * picture of the page, /tmp/<file>-failed-<test>.png, for whoever reads the failure, and the
 * page's browser closes after the last test.
 */
export function sharedPageHooks(file: string, page: () => Page | undefined): void {
  afterEach(async (test) => {
    const failed = page();
    if (test.task.result?.state === 'fail' && failed) {
      await failed.screenshot({ path: `/tmp/${file}-failed-${test.task.name.replace(/\W+/g, '-')}.png` });
      const seen = problems.get(failed) ?? [];
      // The picture stays on the machine that ran the test; the page's own errors go to the log.
      if (seen.length > 0)
        console.error(`The page's last errors before "${test.task.name}" failed:\n${seen.join('\n')}`);
    }
  });
  afterAll(async () => {
    const context = page()?.context();
    await context?.close();
    await context?.browser()?.close();
  });
}

/** The page's next answer from `pathname` (e.g. '/api/workspace/runs'), whatever its query. */
export const responseTo = (page: Page, pathname: string) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === pathname);

/** Picks `option` in the antd Select labelled `label`. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const item = page.locator(
    `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`,
  );
  // On a loaded machine a click can land while the list is still sliding in and be lost (the
  // list stays open with the option merely highlighted): click again until the list closes.
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1 && !(await item.isVisible())) return;
    await item.click();
    const closed = await item.waitFor({ state: 'hidden', timeout: 5_000 }).then(
      () => true,
      (err: unknown) => (attempt < 6 ? false : Promise.reject(err)),
    );
    if (closed) return;
  }
}

/**
 * Clicks `target` until `effect` shows, at most `attempts` times. A click on a dialog that had just
 * opened was once seen to change nothing in CI (its Ok showed no message for 30 s; not reproduced in
 * 85 tries under load, cause unknown); a user would press again, and so does the test, saying so
 * in the log.
 */
export async function clickUntil(target: Locator, effect: Locator, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await target.click();
    const shown = await effect.waitFor({ timeout: 10_000 }).then(
      () => true,
      (err: unknown) => (attempt < attempts ? false : Promise.reject(err)),
    );
    if (shown) return;
    console.warn(`Click ${attempt} on ${String(target)} showed nothing in 10 s; clicking again.`);
  }
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

export const isChecked = async (toggle: Locator): Promise<boolean> =>
  (await toggle.getAttribute('aria-checked')) === 'true';

/** Waits for fonts, lazy chunks and pending calls, then takes a picture for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // From the top: a full-page picture of a scrolled page paints the sticky header mid-page.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
}

export type ScreenKind = 'placeholder' | 'not-found' | 'blank' | 'real';

/** What the page shows now: the "Coming soon" frame, the 404 page, nothing at all, or a real screen. */
export async function screenKind(page: Page): Promise<ScreenKind> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => {});
  // The "Coming soon" frame every unbuilt screen once showed: none may come back.
  if ((await page.getByText(/^Coming soon$/i).count()) > 0) return 'placeholder';
  if ((await page.getByText('Page not found', { exact: true }).count()) > 0) return 'not-found';
  const main = page.getByRole('main');
  if ((await main.count()) === 0 || (await main.innerText()).trim() === '') return 'blank';
  return 'real';
}

/** Fails unless the page shows a real screen: no "Coming soon" frame, 404 page or empty page. */
export async function expectRealScreen(page: Page, why = ''): Promise<void> {
  const kind = await screenKind(page);
  const { pathname } = new URL(page.url());
  if (kind !== 'real') throw new Error(`${pathname}${why ? ` (${why})` : ''} shows ${kind}`);
}
