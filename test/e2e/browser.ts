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

/** Path of the Chromium to drive: Debian's by default, CHROMIUM_PATH to use another build. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, which .ci/run installs; the renderer
 * prints certificates with it): Blink and V8 without the browser's own windows. Full Chromium in
 * headless mode opens a window per browser context, and with it the toolbar's web UI (the omnibox
 * popup), a renderer of its own that kept the main thread of its process busy about 1.1 s while a
 * page opened in the new context: on two cores, CPU the page being measured did not get. A bench
 * that times a page's first open in fresh contexts uses the shell, so it measures the page.
 */
export function headlessShellPath(): string {
  return process.env.CHROMIUM_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
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
