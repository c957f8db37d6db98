// Launching and killing Chromium. Flags and the binary choice come from measurements on these
// machines (LOCAL-CLOUD-NOTES.md): headless-shell launches fastest; nothing may phone home.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export function defaultExecutablePath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : DEBIAN_CHROMIUM;
}

export const LAUNCH_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchBrowser(executablePath = defaultExecutablePath()): Promise<LaunchedBrowser> {
  // A fresh profile per launch: no state or cache leaks between batches or tenants.
  const userDataDir = await mkdtemp(join(tmpdir(), 'proofmark-chromium-'));
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath,
      // 'shell' makes puppeteer add plain --headless (as ours), not --headless=new.
      headless: 'shell',
      args: [...LAUNCH_FLAGS, `--user-data-dir=${userDataDir}`],
      defaultViewport: null,
    });
  } catch (err) {
    await rm(userDataDir, { recursive: true, force: true });
    throw err;
  }
  const proc = browser.process();
  return {
    browser,
    async close() {
      // A browser occasionally ignores a polite close (seen once in ~90 launches): bound the
      // wait, then SIGKILL, so a job never hangs on shutdown.
      await Promise.race([browser.close().catch(() => undefined), new Promise((r) => setTimeout(r, 3000))]);
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGKILL');
        await new Promise((r) =>
          proc.exitCode !== null || proc.signalCode !== null ? r(null) : proc.once('exit', r),
        );
      }
      await rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
