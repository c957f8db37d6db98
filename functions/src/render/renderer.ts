// Certificates to PDF/PNG with one Chromium per renderer and N tabs, each holding a loaded
// template that is refilled per recipient. Measured: refilling with page.evaluate is ~5x faster
// than page.setContent per certificate, and 2–4 tabs use both cores of a 2-core machine.
//
// A tab can hang (Debian's full `chromium` build hangs screenshots of background tabs; a renderer
// process can stall under memory pressure), and puppeteer's own timeout is 180 s per call. So every
// page operation here has a deadline of a few seconds: a tab that misses it is closed and replaced,
// and the certificate is tried again on the fresh tab; after the last attempt the certificate
// fails with a reason and the batch goes on. A generate run therefore always ends.
import type { HTTPRequest, Page } from 'puppeteer-core';
import { launchBrowser, type LaunchedBrowser } from './browser';
import { Channel } from './channel';
import { designExpression, fillExpression, INSTALL_DESIGN, INSTALL_FILL } from './fill';
import { DESIGN_CSS_ID, designPage, pageDocument, pagePixels } from './design-page';
import type { CertificateRecipient, PreparedDesign } from './model';
import { fieldValues, slotsFor } from './slots';

export interface RenderItem {
  id: string;
  /** share one object across a batch: a tab reloads only when the design changes */
  design: PreparedDesign;
  recipient: CertificateRecipient;
}

export interface RenderOptions {
  pdf: boolean;
  png: boolean;
  /** PNG size relative to the page at 96 dpi (A4: 1123 x 794 px); small keeps screenshots cheap */
  pngScale?: number;
  /**
   * A JPEG of the page at 96 dpi: a screen's view of the certificate (the designer's preview). At
   * this size a PNG of a detailed design is ~1 MB and takes twice as long to encode (measured).
   */
  jpeg?: boolean;
}

/** JPEG quality of `jpeg`: fine lines and small text stay clean at 90. */
export const JPEG_QUALITY = 90;

/** How long one page operation (fill, PDF, screenshot) may take before its tab counts as hung. */
export const OPERATION_TIMEOUT_MS = 10_000;
/** Loading a design parses ~1 MB of inlined fonts and images: allow it longer. */
export const DESIGN_LOAD_TIMEOUT_MS = 30_000;
/** Tries per certificate, each on a fresh tab after a failure. */
export const ATTEMPTS = 3;

export class RenderTimeout extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${Math.round(ms / 1000)} s`);
    this.name = 'RenderTimeout';
  }
}

/** Rejects when `work` is not done in `ms`; the work itself is abandoned with its tab. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RenderTimeout(what, ms)), ms);
  });
  work.catch(() => undefined); // an abandoned operation may still fail later: nobody waits for it
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export interface Rendered {
  id: string;
  pdf?: Uint8Array;
  png?: Uint8Array;
  jpeg?: Uint8Array;
  /** set instead of pdf/png/jpeg when this one certificate failed; the batch goes on */
  error?: string;
}

export interface Renderer {
  renderBatch(
    items: Iterable<RenderItem> | AsyncIterable<RenderItem>,
    opts: RenderOptions,
  ): AsyncIterable<Rendered>;
  close(): Promise<void>;
  /** False once its browser is gone (crashed, killed): a renderer kept for later is then replaced. */
  usable(): boolean;
  /** The browser's process id while it runs: for diagnostics (and the tests that stall its tabs). */
  browserProcessId(): number | undefined;
  /** How designs were loaded into tabs so far: whole documents, or swapped into a loaded one. */
  designLoads(): DesignLoads;
}

export interface DesignLoads {
  documents: number;
  swaps: number;
}

interface Tab {
  page: Page;
  design?: PreparedDesign;
  designKey?: string;
  /** the font families the loaded document carries: a design using only these is swapped in */
  fonts?: Set<string>;
  /** the viewport set last, as `width x height` */
  viewport?: string;
}

// Designs carry logos as data URIs; key each object once rather than per certificate.
const designKeys = new WeakMap<PreparedDesign, string>();
function designKey(d: PreparedDesign): string {
  let key = designKeys.get(d);
  if (key === undefined) designKeys.set(d, (key = JSON.stringify(d)));
  return key;
}

// Nothing is fetched at run time: the template inlines fonts and images as data: URIs, and a
// request for anything else (a remote logo, a crafted URL) is refused rather than sent.
function onlyDataUrls(req: HTTPRequest) {
  if (req.isInterceptResolutionHandled()) return;
  if (req.url().startsWith('data:')) void req.continue();
  else void req.abort('blockedbyclient');
}

async function openTab(launched: LaunchedBrowser): Promise<Tab> {
  const page = await launched.browser.newPage();
  await page.setRequestInterception(true);
  page.on('request', onlyDataUrls);
  return { page };
}

async function loadDesign(tab: Tab, item: RenderItem, timeoutMs: number, loads: DesignLoads) {
  const key = designKey(item.design);
  if (tab.design === item.design || tab.designKey === key) return;
  const page = designPage(
    item.design,
    slotsFor(item.design, item.recipient),
    fieldValues(item.design, item.recipient),
  );
  const load = async () => {
    // The viewport is the page, so a screenshot is the whole page whatever its size.
    const size = pagePixels(item.design.design);
    const viewport = `${size.width}x${size.height}`;
    if (tab.viewport !== viewport) {
      await tab.page.setViewport({ ...size, deviceScaleFactor: 1 });
      tab.viewport = viewport;
    }
    const fonts = tab.fonts;
    if (fonts && page.families.every((f) => fonts.has(f))) {
      await tab.page.evaluate(designExpression(page));
      loads.swaps++;
      return;
    }
    // A tab keeps every font it has loaded (unused faces cost nothing on the page or in the PDF),
    // so a tab that goes back and forth between designs stops reloading.
    const families = new Set([...(fonts ?? []), ...page.families]);
    tab.fonts = undefined;
    await tab.page.setContent(pageDocument(page, families), {
      waitUntil: 'load',
      timeout: timeoutMs,
    });
    await tab.page.evaluate(INSTALL_FILL + INSTALL_DESIGN(DESIGN_CSS_ID));
    tab.fonts = families;
    loads.documents++;
  };
  tab.design = undefined;
  tab.designKey = undefined;
  await within(load(), timeoutMs, 'loading the certificate design');
  tab.design = item.design;
  tab.designKey = key;
}

export interface RendererOptions {
  executablePath?: string;
  pages?: number;
  /** per page operation; see OPERATION_TIMEOUT_MS */
  operationTimeoutMs?: number;
  designLoadTimeoutMs?: number;
  attempts?: number;
}

export function createRenderer({
  executablePath,
  pages = 2,
  operationTimeoutMs = OPERATION_TIMEOUT_MS,
  designLoadTimeoutMs = DESIGN_LOAD_TIMEOUT_MS,
  attempts = ATTEMPTS,
}: RendererOptions = {}): Renderer {
  let launched: Promise<LaunchedBrowser> | undefined;
  let current: LaunchedBrowser | undefined;
  let tabs: Tab[] = [];
  let busy = false;
  const loads: DesignLoads = { documents: 0, swaps: 0 };

  async function ensureTabs(): Promise<Tab[]> {
    launched ??= launchBrowser(executablePath);
    const browser = await launched.catch((err) => {
      launched = undefined; // let the next batch try again
      throw err;
    });
    current = browser;
    while (tabs.length < pages) tabs.push(await openTab(browser));
    return tabs;
  }

  async function renderOne(tab: Tab, item: RenderItem, opts: RenderOptions): Promise<Rendered> {
    await loadDesign(tab, item, designLoadTimeoutMs, loads);
    const step = <T>(work: Promise<T>, what: string) => within(work, operationTimeoutMs, what);
    await step(
      tab.page.evaluate(fillExpression(slotsFor(item.design, item.recipient))),
      'filling the certificate',
    );
    const out: Rendered = { id: item.id };
    if (opts.pdf)
      out.pdf = await step(
        tab.page.pdf({
          printBackground: true,
          // The page's @page size (A4 or Letter, either way round) decides the paper.
          preferCSSPageSize: true,
          // The fill already awaited the fonts; a one-page certificate needs no outline, and
          // tagging (structure for screen readers) cost ~20% of the time per PDF in measurements.
          waitForFonts: false,
          outline: false,
          tagged: false,
          timeout: operationTimeoutMs,
        }),
        'printing the PDF',
      );
    if (opts.png) {
      const scale = opts.pngScale ?? 0.5;
      const { width, height } = pagePixels(item.design.design);
      out.png = await step(
        tab.page.screenshot({
          type: 'png',
          optimizeForSpeed: true,
          clip: { x: 0, y: 0, width, height, scale },
        }),
        'taking the PNG',
      );
    }
    if (opts.jpeg) {
      const { width, height } = pagePixels(item.design.design);
      out.jpeg = await step(
        tab.page.screenshot({
          type: 'jpeg',
          quality: JPEG_QUALITY,
          clip: { x: 0, y: 0, width, height, scale: 1 },
        }),
        'taking the JPEG',
      );
    }
    return out;
  }

  /**
   * After a failure the tab's state is unknown: start it afresh rather than trust it. Closing a
   * hung tab is bounded too (the browser kills its renderer; if even that stalls, we move on).
   */
  async function replaceTab(i: number) {
    const old = tabs[i] as Tab;
    await within(old.page.close(), operationTimeoutMs, 'closing a hung tab').catch(() => undefined);
    tabs[i] = await within(
      openTab(await (launched as Promise<LaunchedBrowser>)),
      designLoadTimeoutMs,
      'opening a tab',
    );
  }

  /** One certificate, tried up to `attempts` times, each failure on a fresh tab. */
  async function renderWithRetries(i: number, item: RenderItem, opts: RenderOptions): Promise<Rendered> {
    let reason = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        return await renderOne(tabs[i] as Tab, item, opts);
      } catch (err) {
        const browser = await launched;
        if (!browser?.browser.connected) throw err; // the browser is gone: fail the batch
        reason = err instanceof Error ? err.message : String(err);
        await replaceTab(i);
      }
    }
    return { id: item.id, error: `rendering failed after ${attempts} attempts: ${reason}` };
  }

  async function* renderBatch(items: Iterable<RenderItem> | AsyncIterable<RenderItem>, opts: RenderOptions) {
    if (busy) throw new Error('renderBatch: one batch at a time per renderer');
    busy = true;
    const out = new Channel<Rendered>(pages * 2);
    let stopped = false;
    // Async sources are pulled one at a time: not every async iterator tolerates parallel next().
    const source = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
    let pulling: Promise<IteratorResult<RenderItem>> = Promise.resolve({
      done: false,
      value: undefined as never,
    });
    const pull = () =>
      (pulling = pulling.then((r) =>
        r.done || stopped ? { done: true as const, value: undefined } : source.next(),
      ));

    const worker = async (i: number) => {
      for (;;) {
        const next = await pull();
        if (next.done) return;
        await out.push(await renderWithRetries(i, next.value, opts));
      }
    };

    let running: Promise<unknown> = Promise.resolve();
    try {
      await ensureTabs();
      running = Promise.all(tabs.slice(0, pages).map((_, i) => worker(i))).then(
        () => out.close(),
        (err) => out.fail(err),
      );
      for (;;) {
        const r = await out.next();
        if (r.done) return;
        yield r.value;
      }
    } finally {
      // The consumer may stop early: let the workers finish their current certificate.
      stopped = true;
      out.close();
      await running;
      busy = false;
      // Tell an unfinished source (e.g. a paginated query) that nothing more will be read.
      await source.return?.();
    }
  }

  return {
    renderBatch,
    usable: () => !current || current.browser.connected,
    browserProcessId: () => current?.browser.process()?.pid,
    designLoads: () => ({ ...loads }),
    async close() {
      const browser = launched;
      launched = undefined;
      current = undefined;
      tabs = [];
      if (browser) await (await browser.catch(() => undefined))?.close();
    },
  };
}
