import { chromium } from 'playwright-core';
import type { Browser, LaunchOptions } from 'playwright-core';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL (no trailing slash needed) where the global setup serves the built SPA. */
    appUrl: string;
  }
}

/**
 * Flags for Debian's Chromium on a build machine: no sandbox (containers lack the namespaces), no
 * GPU, and nothing that phones home (QUIC, component updates, sync, background networking) so a
 * test run neither depends on nor waits for the internet. Playwright supplies a fresh
 * --user-data-dir per launch, so runs never share profile state.
 */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Path of the Chromium to drive: Debian's headless shell (chromium-headless-shell, which .ci/run
 * installs and the renderer prints certificates with), CHROMIUM_PATH to use another build. Not full
 * Chromium: in headless mode it opens a window per browser context, and with it the toolbar's web
 * UI (the omnibox popup), a renderer of its own whose main thread stayed busy about 1.1 s while a
 * page opened in the new context. The browser tests open a context per test: on two cores that was
 * CPU the pages under test did not get (nine browser and integration files, two at a time: 334 s
 * and 608 s of CPU with full Chromium, 270 s and 481 s with the shell).
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
}

/**
 * Launches the system Chromium through playwright-core (which downloads no browser of its own).
 * Callers close it; a test file typically launches once in beforeAll and opens a fresh context
 * per test so cookies and localStorage never leak between tests.
 */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    ...options,
    args: [...chromiumArgs, ...(options.args ?? [])],
  });
}
