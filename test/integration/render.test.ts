// The certificate renderer against a real Chromium (Debian's headless shell, or CHROMIUM_PATH).
// It needs no cloud; it lives here because the unit project has no browser.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import {
  createRenderer,
  type Rendered,
  type RenderItem,
  type Renderer,
} from '../../functions/src/render/renderer';
import { keptRenderer } from '../../functions/src/render/kept-renderer';
import { sampleDesign, sampleRecipient } from '../bench/render';
import { GALLERY } from '../../functions/src/domain/designs/gallery';
import { pdfText } from '../support/pdf-text';
import { pageDimensions } from '../../shared/src/designs/model';
import type { PreparedDesign } from '../../functions/src/render/model';

interface FontInfo {
  name: string;
  subtype: string;
  /** the text the font's ToUnicode map can produce: what copy, search and extraction see */
  unicode: string;
}

/** Every font in the PDF with the characters its ToUnicode map yields. */
function fontsOf(doc: PDFDocument): FontInfo[] {
  const fonts: FontInfo[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    const subtype = String(obj.get(PDFName.of('Subtype')));
    if (subtype === '/CIDFontType2' || subtype === '/CIDFontType0') continue; // descendants of Type0
    let unicode = '';
    const ref = obj.get(PDFName.of('ToUnicode'));
    const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : undefined;
    if (stream instanceof PDFRawStream) {
      const cmap = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
      // bfchar sections map one glyph (<src> <dst>), bfrange sections a run (<lo> <hi> <dst>).
      for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
        for (const m of (body as string).matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]+)>/g))
          unicode += utf16(m[1] as string);
      for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
        for (const m of (body as string).matchAll(/<[0-9A-Fa-f]+>\s*<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]+)>/g))
          unicode += utf16(m[1] as string);
    }
    fonts.push({ name: String(obj.get(PDFName.of('BaseFont'))), subtype, unicode });
  }
  return fonts;
}

/**
 * Text that Chromium wrote as /ActualText spans: for shaped Devanagari clusters (conjuncts, reph,
 * the short i) a glyph has no one-to-one character, so Skia tags the run with its Unicode text.
 */
function actualTexts(doc: PDFDocument): string {
  let text = '';
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    let content: string;
    try {
      content = Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1');
    } catch {
      continue; // font programs and images are not content streams
    }
    for (const m of content.matchAll(/\/ActualText\s*<FEFF([0-9A-Fa-f]*)>/g))
      text += Buffer.from(m[1] as string, 'hex')
        .swap16()
        .toString('utf16le');
  }
  return text;
}

function pngSize(png: Uint8Array): { width: number; height: number } {
  const buf = Buffer.from(png);
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(buf.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

describe('certificate renderer with Chromium', () => {
  let renderer: Renderer;
  beforeAll(() => {
    renderer = createRenderer({ pages: 2 });
  });
  afterAll(async () => {
    await renderer.close();
  });

  it('renders five certificates, Hindi and Kruti Dev rows included, to one-page PDFs and small PNGs', async () => {
    const design = sampleDesign();
    const medal = sampleDesign('medal');
    const items: RenderItem[] = [
      { id: 'latin', design, recipient: sampleRecipient(0) },
      {
        id: 'hindi',
        design,
        recipient: sampleRecipient(1, { name: 'प्रिया शर्मा', Programme: 'कंप्यूटर विज्ञान में स्नातक' }),
      },
      {
        id: 'kruti',
        design,
        recipient: sampleRecipient(2, { name: "fo'kky dqekj JhokLro" }, { fontFlag: 'krutidev010' }),
      },
      { id: 'medal', design: medal, recipient: sampleRecipient(3) },
      {
        id: 'long',
        design,
        recipient: sampleRecipient(4, { name: 'Venkata Satya Narayana Lakshmi Prasanna Ramachandran' }),
      },
    ];
    const out = new Map<string, Rendered>();
    for await (const r of renderer.renderBatch(items, { pdf: true, png: true })) out.set(r.id, r);
    expect([...out.keys()].sort()).toEqual(items.map((i) => i.id).sort());

    for (const [id, r] of out) {
      expect(r.error, id).toBeUndefined();
      const pdf = r.pdf as Uint8Array;
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1'), id).toBe('%PDF-');
      const doc = await PDFDocument.load(pdf);
      expect(doc.getPageCount(), id).toBe(1);
      const { width, height } = doc.getPage(0).getSize();
      expect([Math.round(width), Math.round(height)], id).toEqual([842, 595]); // A4 landscape in pt
      // Type 3 fonts are bitmaps or unsearchable outlines: every font must be a real embedded font.
      for (const f of fontsOf(doc)) expect(f.subtype, `${id}: ${f.name}`).toBe('/Type0');
      const png = pngSize(r.png as Uint8Array);
      expect(png.width, id).toBeGreaterThan(500);
      expect(png.width, id).toBeLessThan(620); // half of 1123 px: cheap previews
      expect(png.width / png.height, id).toBeCloseTo(297 / 210, 1);
      // To look at them: RENDER_TEST_OUT=/some/dir npx vitest run --project cloud test/integration/render.test.ts
      if (process.env.RENDER_TEST_OUT) {
        writeFileSync(join(process.env.RENDER_TEST_OUT, `${id}.pdf`), pdf);
        writeFileSync(join(process.env.RENDER_TEST_OUT, `${id}.png`), r.png as Uint8Array);
      }
    }

    // Hindi is real text in the Devanagari font, not shapes: every character of the name comes
    // back through the font's ToUnicode map or the ActualText of its shaped clusters.
    for (const [id, name] of [
      ['hindi', 'प्रिया शर्मा'],
      ['kruti', 'विशाल कुमार श्रीवास्तव'],
    ] as const) {
      const doc = await PDFDocument.load(out.get(id)?.pdf as Uint8Array);
      const deva = fontsOf(doc).filter((f) => f.name.includes('NotoSansDevanagari'));
      expect(deva.length, id).toBeGreaterThan(0);
      const text = deva.map((f) => f.unicode).join('') + actualTexts(doc);
      for (const ch of name.replace(/ /g, '')) expect(text, `${id} lacks ${ch}`).toContain(ch);
      expect(actualTexts(doc), id).toContain(name === 'प्रिया शर्मा' ? 'प्रि' : 'श्री');
    }
    const latin = await PDFDocument.load(out.get('latin')?.pdf as Uint8Array);
    const names = fontsOf(latin)
      .map((f) => f.name)
      .join(' ');
    expect(names).toMatch(/EBGaramond/);
    expect(names).toMatch(/Cinzel/);
  });

  it('renders every gallery design for a sample recipient in Latin and in Devanagari', async () => {
    // A badge image names the achievement, not the recipient: its Hindi case is a Hindi achievement.
    const HINDI_BADGE = 'उत्कृष्टता पुरस्कार';
    const hindiBadge = (d: ReturnType<typeof sampleDesign>) => ({
      ...d,
      design: { ...d.design, badge: { ...d.design.badge!, name: HINDI_BADGE } },
    });
    const items: RenderItem[] = GALLERY.flatMap((g) => {
      const type = g.suits[0]!;
      const design = sampleDesign(type, g.number);
      const badge = type === 'openbadges';
      return [
        { id: `${g.number}-latn`, design, recipient: sampleRecipient(g.number) },
        {
          id: `${g.number}-deva`,
          design: badge ? hindiBadge(design) : design,
          recipient: sampleRecipient(g.number, { name: 'प्रिया शर्मा' }),
        },
      ];
    });
    const out = new Map<string, Rendered>();
    for await (const r of renderer.renderBatch(items, { pdf: true, png: false })) out.set(r.id, r);
    expect(GALLERY.length).toBeGreaterThanOrEqual(15);
    for (const g of GALLERY) {
      const design = g.build(g.suits[0]!);
      const page = pageDimensions(design.page);
      for (const script of ['latn', 'deva']) {
        const id = `${g.number}-${script}`;
        const r = out.get(id);
        expect(r?.error, id).toBeUndefined();
        const doc = await PDFDocument.load(r?.pdf as Uint8Array);
        expect(doc.getPageCount(), id).toBe(1);
        const { width, height } = doc.getPage(0).getSize();
        const pt = (mm: number) => Math.round((mm * 72) / 25.4);
        expect([Math.round(width), Math.round(height)], id).toEqual([pt(page.width), pt(page.height)]);
        const fonts = fontsOf(doc);
        for (const f of fonts) expect(f.subtype, `${id}: ${f.name}`).toBe('/Type0');
        const badge = g.suits[0] === 'openbadges';
        if (script === 'latn') {
          // As a reader extracts it: the recipient (or the badge's achievement) and the issuer.
          // (Spaced capitals come out as spaced letters, so spaces are left out of the comparison.)
          const squeeze = (t: string) => t.toLowerCase().replace(/\s+/g, '');
          const text = squeeze(await pdfText(r?.pdf as Uint8Array));
          const name = badge ? design.badge!.name : (sampleRecipient(g.number).fields.name as string);
          expect(text, id).toContain(squeeze(name));
          expect(text, id).toContain('northfielduniversity');
        } else {
          // Shaped Devanagari: every character through the font's ToUnicode map or ActualText.
          const text = fonts.map((f) => f.unicode).join('') + actualTexts(doc);
          const name = badge ? HINDI_BADGE : 'प्रिया शर्मा';
          for (const ch of name.replace(/ /g, '')) expect(text, `${id} lacks ${ch}`).toContain(ch);
        }
      }
    }
  }, 300_000);

  it('swaps a design into a tab that holds its fonts and prints it exactly as a freshly loaded page', async () => {
    // Images of every kind (background, image element, photo): a real PNG made by the renderer.
    let thumb: Uint8Array | undefined;
    for await (const r of renderer.renderBatch([{ id: 't', design: sampleDesign(), recipient: sampleRecipient(0) }], {
      pdf: false,
      png: true,
      pngScale: 0.1,
    }))
      thumb = r.png;
    const picture = `data:image/png;base64,${Buffer.from(thumb!).toString('base64')}`;
    const asset = `img-${'a'.repeat(64)}`;
    const heritage = sampleDesign();
    const pictured = () => ({
      design: {
        ...heritage.design,
        background: { ...heritage.design.background, image: asset },
        elements: [
          ...heritage.design.elements,
          { kind: 'image' as const, id: 'picture', asset, x: 20, y: 20, width: 30, height: 20, rotation: 0, fit: 'contain' as const, opacity: 1 },
          { kind: 'photo' as const, id: 'photo', x: 240, y: 20, width: 25, height: 30, rotation: 0, colour: '#8f7a45' },
        ],
      },
      context: { ...heritage.context, images: { [asset]: picture } },
    });
    const recipient = { ...sampleRecipient(5), photo: picture };
    // Another design with other fonts (Playfair Display), then the first again: the tab now holds
    // both designs' fonts, so the third is swapped in, not loaded.
    const playfair = GALLERY.find((g) => JSON.stringify(g.build(g.suits[0]!)).includes('Playfair Display'))!;
    const other = sampleDesign(playfair.suits[0], playfair.number);
    const render = async (r: Renderer, design: PreparedDesign) => {
      for await (const out of r.renderBatch([{ id: 'x', design, recipient }], { pdf: true, png: true, pngScale: 1 }))
        return out;
      throw new Error('nothing rendered');
    };
    const one = createRenderer({ pages: 1 });
    const fresh = createRenderer({ pages: 1 });
    try {
      await render(one, pictured());
      await render(one, other);
      const swapped = await render(one, pictured());
      expect(one.designLoads()).toEqual({ documents: 2, swaps: 1 });
      const loaded = await render(fresh, pictured());
      expect(fresh.designLoads()).toEqual({ documents: 1, swaps: 0 });
      expect(swapped.error).toBeUndefined();
      expect(Buffer.from(swapped.png!).equals(Buffer.from(loaded.png!))).toBe(true);
      const text = await pdfText(swapped.pdf!);
      expect(text).toBe(await pdfText(loaded.pdf!));
      const squeeze = (t: string) => t.toLowerCase().replace(/\s+/g, '');
      expect(squeeze(text)).toContain(squeeze(recipient.fields.name!));
    } finally {
      await Promise.all([one.close(), fresh.close()]);
    }
  }, 120_000);

  it('fetches nothing: a remote logo is blocked, not requested', async () => {
    let connections = 0;
    const server = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const sample = sampleDesign();
      const remote = `https://127.0.0.1:${port}/logo.png`;
      const design = {
        design: {
          ...sample.design,
          elements: [
            ...sample.design.elements,
            { kind: 'image' as const, id: 'remote', asset: `img-${'0'.repeat(64)}`, x: 10, y: 10, width: 20, height: 20, rotation: 0, fit: 'contain' as const, opacity: 1 },
          ],
        },
        context: { ...sample.context, logo: remote, images: { [`img-${'0'.repeat(64)}`]: remote } },
      };
      const results: Rendered[] = [];
      for await (const r of renderer.renderBatch([{ id: 'x', design, recipient: sampleRecipient(9) }], {
        pdf: true,
        png: false,
      }))
        results.push(r);
      expect(results).toHaveLength(1);
      expect(results[0]?.error).toBeUndefined();
      expect(Buffer.from((results[0]?.pdf as Uint8Array).subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  });

  it('stops cleanly when the consumer stops early, and renders the next batch', async () => {
    const design = sampleDesign();
    const items = Array.from({ length: 12 }, (_, i) => ({
      id: String(i),
      design,
      recipient: sampleRecipient(i),
    }));
    let seen = 0;
    for await (const _ of renderer.renderBatch(items, { pdf: true, png: false })) if (++seen === 3) break;
    const ids: string[] = [];
    for await (const r of renderer.renderBatch(items.slice(0, 4), { pdf: true, png: false })) ids.push(r.id);
    expect(ids.sort()).toEqual(['0', '1', '2', '3']);
  });
});

/** Chromium's renderer processes (one per tab) below a browser process. */
function rendererProcesses(browserPid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] as string }));
  const below = new Set([browserPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of table)
      if (below.has(p.ppid) && !below.has(p.pid)) {
        below.add(p.pid);
        grew = true;
      }
  }
  return table.filter((p) => below.has(p.pid) && p.args.includes('--type=renderer')).map((p) => p.pid);
}

const signal = (pids: number[], sig: NodeJS.Signals) => {
  for (const pid of pids)
    try {
      process.kill(pid, sig);
    } catch {
      // already gone: the browser killed it with its tab
    }
};

// A hung tab is real here: its renderer process is stopped with SIGSTOP, so every page operation on
// it waits forever, as the screenshots of Debian's full chromium build did.
describe('certificate renderer with a hung tab', () => {
  it('replaces a tab whose renderer stalls and renders every certificate on a fresh one', async () => {
    const renderer = createRenderer({ pages: 1, operationTimeoutMs: 2_000 });
    const design = sampleDesign();
    let stopped: number[] = [];
    try {
      for await (const r of renderer.renderBatch([{ id: 'warm', design, recipient: sampleRecipient(0) }], {
        pdf: true,
        png: true,
      }))
        expect(r.error).toBeUndefined();
      stopped = rendererProcesses(renderer.browserProcessId() as number);
      expect(stopped.length).toBeGreaterThan(0);
      signal(stopped, 'SIGSTOP');

      const items = [1, 2, 3].map((i) => ({ id: `after-${i}`, design, recipient: sampleRecipient(i) }));
      const out: Rendered[] = [];
      for await (const r of renderer.renderBatch(items, { pdf: true, png: true, pngScale: 0.2 })) out.push(r);
      expect(out.map((r) => [r.id, r.error])).toEqual(items.map((i) => [i.id, undefined]));
      for (const r of out)
        expect(Buffer.from((r.pdf as Uint8Array).subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    } finally {
      signal(stopped, 'SIGCONT');
      await renderer.close();
    }
  });

  it('gives up on a certificate whose every tab stalls, with the reason, instead of waiting forever', async () => {
    const renderer = createRenderer({
      pages: 1,
      operationTimeoutMs: 1_500,
      designLoadTimeoutMs: 3_000,
      attempts: 2,
    });
    const design = sampleDesign();
    const stopped = new Set<number>();
    let stalling: NodeJS.Timeout | undefined;
    try {
      for await (const r of renderer.renderBatch([{ id: 'warm', design, recipient: sampleRecipient(0) }], {
        pdf: true,
        png: false,
      }))
        expect(r.error).toBeUndefined();
      const pid = renderer.browserProcessId() as number;
      const stallAll = () => {
        const now = rendererProcesses(pid);
        signal(now, 'SIGSTOP');
        for (const p of now) stopped.add(p);
      };
      stallAll();
      stalling = setInterval(stallAll, 50);

      const outcome = await (async () => {
        const out: Rendered[] = [];
        try {
          for await (const r of renderer.renderBatch(
            [{ id: 'stuck', design, recipient: sampleRecipient(1) }],
            { pdf: true, png: false },
          ))
            out.push(r);
          return { out };
        } catch (err) {
          return { thrown: err as Error };
        }
      })();
      // Either the certificate fails with the reason, or (when not even a fresh tab opens) the batch
      // does, so that its job is retried; both end, neither says "running" forever.
      if (outcome.thrown) expect(outcome.thrown.message).toMatch(/did not finish within \d+ s/);
      else {
        expect(outcome.out).toHaveLength(1);
        expect(outcome.out[0]?.error).toMatch(
          /^rendering failed after 2 attempts: .*did not finish within \d+ s$/,
        );
      }
    } finally {
      clearInterval(stalling);
      signal([...stopped], 'SIGCONT');
      await renderer.close();
    }
  });
});

describe('a kept renderer', () => {
  it('lends its one browser to one batch at a time: a batch asking meanwhile waits, then renders on it', async () => {
    const withRenderer = keptRenderer({ pages: 2, keepMs: 1_000 });
    const design = sampleDesign();
    const events: string[] = [];
    const browsers = new Set<number | undefined>();
    const batch = (name: string) =>
      withRenderer(async (renderer) => {
        events.push(`${name} starts`);
        const ids: string[] = [];
        const items = Array.from({ length: 4 }, (_, i) => ({
          id: `${name}${i}`,
          design,
          recipient: sampleRecipient(i),
        }));
        for await (const r of renderer.renderBatch(items, { pdf: true, png: false })) {
          expect(r.error).toBeUndefined();
          ids.push(r.id);
        }
        browsers.add(renderer.browserProcessId());
        events.push(`${name} ends`);
        return ids.length;
      });
    // Asked for at once (two generate chunks in one worker): the second would throw "one batch at a
    // time" on a shared renderer, or start a second browser, if it did not wait.
    await expect(Promise.all([batch('a'), batch('b')])).resolves.toEqual([4, 4]);
    expect(events).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
    expect(browsers.size).toBe(1);
    // A batch that fails drops the browser; the next one gets a fresh browser and renders.
    const [pid] = [...browsers];
    await expect(
      withRenderer(async () => {
        throw new Error('the chunk failed');
      }),
    ).rejects.toThrow('the chunk failed');
    await expect(batch('c')).resolves.toBe(4);
    expect(browsers.size).toBe(2);
    expect(browsers.has(pid)).toBe(true);
    // Closed once idle for keepMs (the browser's own shutdown then takes a moment).
    const last = [...browsers].at(-1)!;
    const alive = () => {
      try {
        process.kill(last, 0);
        return true;
      } catch {
        return false;
      }
    };
    await new Promise((r) => setTimeout(r, 1_500));
    for (let i = 0; i < 100 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive()).toBe(false);
  });
});
