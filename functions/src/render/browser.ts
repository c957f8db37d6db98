// Launching and killing Chromium. Flags and the binary choice come from measurements on these
// machines (LOCAL-CLOUD-NOTES.md): headless-shell launches fastest; nothing may phone home.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { functionConfig } from '../adapters/function-config';

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export function defaultExecutablePath(): string {
  const configured = functionConfig().rendering.chromiumPath;
  if (configured) return configured;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : DEBIAN_CHROMIUM;
}

/** In AWS Lambda (which has no Chromium) the binary comes from @sparticuz/chromium; elsewhere the machine's. */
export const inLambda = () => functionConfig().rendering.inLambda;

/**
 * Lambda's Chromium: @sparticuz/chromium ships headless-shell brotli-packed inside the npm package
 * (x64; the job Lambdas that render run on x86_64, see infra/constructs/job-workers.ts) and unpacks
 * it to /tmp on first use — nothing is downloaded. Its flags suit Lambda's sandbox (single process,
 * no zygote); ours are added after them. Loaded only in Lambda, so local runs never touch it.
 */
async function lambdaChromium(): Promise<{ executablePath: string; args: string[] }> {
  const { default: chromium } = await import('@sparticuz/chromium');
  chromium.setGraphicsMode = false;
  return { executablePath: await chromium.executablePath(), args: chromium.args };
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

export async function launchBrowser(executablePath?: string): Promise<LaunchedBrowser> {
  const lambda = !executablePath && inLambda() ? await lambdaChromium() : undefined;
  const binary = executablePath ?? lambda?.executablePath ?? defaultExecutablePath();
  const platformArgs = lambda?.args.filter((a) => !a.startsWith('--headless')) ?? [];
  // A fresh profile per launch: no state or cache leaks between batches or tenants.
  const userDataDir = await mkdtemp(join(tmpdir(), 'proofmark-chromium-'));
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath: binary,
      // 'shell' makes puppeteer add plain --headless (as ours), not --headless=new.
      headless: 'shell',
      args: [...new Set([...platformArgs, ...LAUNCH_FLAGS]), `--user-data-dir=${userDataDir}`],
      defaultViewport: null,
      // DevTools over the process's own pipes, not a WebSocket on a local port: no port other
      // local processes could reach, and ~7% more PDFs a second (alternating 600-PDF runs of the
      // renderer alone: 30.9 / 33.1 / 32.1 against 28.8 / 30.6 / 30.6), the frames' framing,
      // masking and loopback TCP had been a fifth of the generate job thread's own CPU.
      pipe: true,
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
