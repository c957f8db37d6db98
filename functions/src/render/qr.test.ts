import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { qrModules, qrPng } from './qr';

/** The PNG's pixels (true = dark), read back with nothing but zlib: 1-bit grayscale, filter 0. */
const pixels = (png: Buffer) => {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  expect(png.readUInt32BE(20)).toBe(width);
  expect([png[24], png[25]]).toEqual([1, 0]); // bit depth 1, grayscale
  const idat = png.indexOf('IDAT');
  const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const stride = Math.ceil(width / 8) + 1;
  expect(raw.length).toBe(stride * width);
  return {
    width,
    dark: (x: number, y: number) => {
      expect(raw[y * stride]).toBe(0);
      return (raw[y * stride + 1 + (x >> 3)]! & (0x80 >> (x & 7))) === 0;
    },
  };
};

describe('qrPng', () => {
  it.each(['https://app.example/verify/org?id=5b1c0a0e-8f57-4c55-9a43-3f5d0f1b2c3d', 'x'])(
    'draws every module of the QR code of %s, with a white quiet zone, within the width',
    (text) => {
      const modules = qrModules(text);
      const png = qrPng(text, { width: 300, margin: 2 });
      const { width, dark } = pixels(png);
      const side = modules.size + 4;
      expect(width).toBeLessThanOrEqual(300);
      expect(width % side).toBe(0);
      const scale = width / side;
      for (let my = -2; my < modules.size + 2; my++)
        for (let mx = -2; mx < modules.size + 2; mx++) {
          const inside = my >= 0 && mx >= 0 && my < modules.size && mx < modules.size;
          const want = inside && !!modules.get(my, mx);
          // Both corners of the module's square, so a shifted or short run would show.
          for (const [dx, dy] of [
            [0, 0],
            [scale - 1, scale - 1],
          ] as const)
            expect(dark((mx + 2) * scale + dx, (my + 2) * scale + dy)).toBe(want);
        }
    },
  );

  // The codes hold our URLs in one byte segment with a fixed mask (qrModules): a reader decodes
  // each back to its URL, whatever the URL's length and characters.
  const urls = [
    'x',
    'https://app.example/verify/org?id=5b1c0a0e-8f57-4c55-9a43-3f5d0f1b2c3d',
    'https://cdn.example.test/public/acme-university/credentials/0f8e4b1c-1234-4bbb-8ccc-dddddddddddd.json',
    ...Array.from(
      { length: 8 },
      (_, i) => `https://proofmark.example/verify/org-${'x'.repeat(i * 25)}/${i}${crypto.randomUUID()}`,
    ),
  ];
  it.each(urls)('is read back by a QR reader as %s', (url) => {
    const { width, dark } = pixels(qrPng(url, { width: 400, margin: 4 }));
    const rgba = new Uint8ClampedArray(width * width * 4);
    for (let y = 0; y < width; y++)
      for (let x = 0; x < width; x++) {
        const v = dark(x, y) ? 0 : 255;
        rgba.fill(v, (y * width + x) * 4, (y * width + x) * 4 + 3);
        rgba[(y * width + x) * 4 + 3] = 255;
      }
    expect(jsQR(rgba, width, width)?.data).toBe(url);
  });
});
