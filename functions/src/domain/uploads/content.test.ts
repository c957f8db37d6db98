import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { pngHeader, realJpeg, realPdf, realPng } from '../../../../test/support/real-files';
import { checkContent, checkJpeg, checkPng } from './content';

const messageOf = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return (err as Error).message;
  }
  return undefined;
};

describe('photo and PDF content checks', () => {
  it('accepts complete PNGs and JPEGs', () => {
    expect(messageOf(() => checkPng('a.png', realPng(33, 17)))).toBeUndefined();
    expect(messageOf(() => checkJpeg('a.jpg', realJpeg(40, 30)))).toBeUndefined();
  });

  it('refuses a PNG cut anywhere, with a bad CRC, or without image data', () => {
    const png = realPng(16, 16);
    for (const cut of [8, 20, 33, png.length - 12, png.length - 1])
      expect(
        messageOf(() => checkPng('a.png', png.subarray(0, cut))),
        String(cut),
      ).toBe(m.imageUnreadable('a.png'));
    const flipped = Buffer.from(png);
    flipped[40] = flipped[40]! ^ 0xff;
    expect(messageOf(() => checkPng('a.png', flipped))).toBe(m.imageUnreadable('a.png'));
    const noData = Buffer.concat([pngHeader(4, 4), png.subarray(png.length - 12)]);
    expect(messageOf(() => checkPng('a.png', noData))).toBe(m.imageUnreadable('a.png'));
  });

  it('refuses image data that inflates to more (or less) than the header says, without inflating it all', () => {
    const small = realPng(4, 4);
    // A valid header for 4 × 4 followed by a deflate stream of 50 MB of zeros.
    const bomb = Buffer.from(small);
    const idatAt = bomb.indexOf('IDAT') - 4;
    const stream = deflateSync(Buffer.alloc(50 * 1024 * 1024));
    const len = Buffer.alloc(4);
    len.writeUInt32BE(stream.length);
    const body = Buffer.concat([Buffer.from('IDAT'), stream]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    const bombed = Buffer.concat([
      bomb.subarray(0, idatAt),
      len,
      body,
      crc,
      small.subarray(small.length - 12),
    ]);
    expect(messageOf(() => checkPng('a.png', bombed))).toBe(m.imageUnreadable('a.png'));
  });

  it('refuses more pixels than the cap before decoding', () => {
    expect(
      messageOf(() => checkPng('a.png', Buffer.concat([pngHeader(100_000, 100_000), Buffer.alloc(12)]))),
    ).toMatch(/too large in pixels/);
  });

  it('refuses a truncated JPEG even when an earlier EOI exists', () => {
    const jpg = realJpeg(64, 64);
    const withThumbEoi = Buffer.concat([
      jpg.subarray(0, 200),
      Buffer.from([0xff, 0xd9]),
      jpg.subarray(200, 400),
    ]);
    expect(messageOf(() => checkJpeg('a.jpg', withThumbEoi))).toBe(m.imageUnreadable('a.jpg'));
  });

  it('parses PDFs', async () => {
    await expect(checkContent('pdf', 'a.pdf', await realPdf())).resolves.toBeUndefined();
    await expect(
      checkContent('pdf', 'a.pdf', Buffer.from('%PDF-1.4\nPK\u0003\u0004 not a pdf')),
    ).rejects.toThrow(m.pdfUnreadable('a.pdf'));
  });
});
