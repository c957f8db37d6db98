// The light SPA (issue #38): first-paint JavaScript of the landing page, /login and the public
// verifier against their budgets (read off the builds' manifests, as the budget test does), and
// first contentful paint in headless Chromium on a slow-4G network with a 4× slower CPU, each
// beside a plain HTML page's paint on the same profile in the same run.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { serveSite } from '../../infra/local/static-site';
import { repoRoot } from '../../infra/constructs/backend-function';
import { buildDirs, kb, weighBuilds } from '../../scripts/spa-budgets';
// @ts-expect-error plain ESM helper shared with `npm start`
import { ensureWebBuilt } from '../../scripts/web-build.mjs';
import { launchChromium } from '../e2e/browser';

/** Lighthouse's "slow 4G" as DevTools throttles it: 562.5 ms RTT, 1.44 Mbit/s down, 675 kbit/s up. */
const slow4g = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;
const RUNS = 3;

const baselineHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head>' +
  '<body><h1>A plain HTML page</h1><p>Same server, same network and CPU profile.</p></body></html>';

/** The builds as the gateway serves them (static-site.ts: precompressed, cached), and no API. */
function startServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const dirs = buildDirs(repoRoot);
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (pathname === '/baseline.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      return res.end(baselineHtml);
    }
    if (pathname.startsWith('/api/') || pathname.startsWith('/public/') || pathname === '/config.json') {
      res.writeHead(503, { 'content-type': 'application/json' });
      return res.end('{"message":"not served by the bench"}');
    }
    const verifier = pathname === '/verify' || pathname.startsWith('/verify/');
    serveSite(
      verifier ? { dir: dirs.verifier, base: '/verify/' } : { dir: dirs.spa, base: '/' },
      req,
      res,
      pathname,
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/** One cold load (fresh context, empty cache) on the slow profile: its FCP and the JavaScript it transferred. */
async function coldLoad(browser: Browser, url: string): Promise<{ fcp: number; jsBytes: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slow4g);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let jsBytes = 0;
    const scripts = new Set<string>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      null,
      {
        timeout: 120_000,
      },
    );
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    );
    // Lazily loaded screens finish after `load`: let them, so the bytes count everything of the first view.
    await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
    return { fcp, jsBytes };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchSpa(): Promise<void> {
  ensureWebBuilt(repoRoot);
  const weights = weighBuilds(repoRoot);
  console.log("\nSPA first-paint JavaScript (gzipped, from the builds' manifests; budget in brackets):");
  for (const w of weights) {
    const verdict = w.gzip <= w.budget ? 'ok' : 'OVER';
    console.log(
      `  ${w.route.padEnd(8)} ${kb(w.gzip).padStart(9)}  (${kb(w.budget)})  ${(w.gzip / w.budget).toFixed(2)}× budget  ${verdict}  ${w.files.length} files`,
    );
  }

  const server = await startServer();
  const browser = await launchChromium();
  try {
    const measure = async (path: string) => {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, `${server.url}${path}`));
      return { fcp: median(runs.map((r) => r.fcp)), jsBytes: median(runs.map((r) => r.jsBytes)) };
    };
    const baseline = await measure('/baseline.html');
    console.log(
      `\nFirst contentful paint, cold cache, slow 4G (562.5 ms RTT, 1.44 Mbit/s) and ${CPU_SLOWDOWN}× CPU slowdown, median of ${RUNS}:`,
    );
    console.log(`  plain HTML page (baseline)  ${baseline.fcp.toFixed(0).padStart(6)} ms`);
    for (const path of ['/login', '/', '/verify']) {
      const r = await measure(path);
      console.log(
        `  ${path.padEnd(27)} ${r.fcp.toFixed(0).padStart(6)} ms  ${(r.fcp / baseline.fcp).toFixed(1)}× baseline;` +
          ` JavaScript transferred (brotli) ${kb(r.jsBytes)}`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
