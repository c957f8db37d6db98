import { crc32, inflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { badRequest } from '@proofmark/shared/errors';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { MAX_IMAGE_PIXELS } from '@proofmark/shared/recipients/rules';

/**
 * Images are accepted only once they were read whole: the first bytes say what a file claims to
 * be, not that it is one (a PNG signature with nothing after it, a header claiming 100000 × 100000
 * pixels). Apart from the PDF check (content.ts) so that a function reading images carries no pdf-lib.
 */

const MEGAPIXELS = Math.round(MAX_IMAGE_PIXELS / 1e6);
const tooManyPixels = (name: string) => badRequest(m.imageTooManyPixels(name, MEGAPIXELS));
const unreadableImage = (name: string) => badRequest(m.imageUnreadable(name));

/** Bits per pixel of each valid PNG colour type and bit depth. */
const pngBitsPerPixel = (colorType: number, depth: number): number | undefined => {
  const channels: Record<number, [number, number[]]> = {
    0: [1, [1, 2, 4, 8, 16]],
    2: [3, [8, 16]],
    3: [1, [1, 2, 4, 8]],
    4: [2, [8, 16]],
    6: [4, [8, 16]],
  };
  const entry = channels[colorType];
  return entry && entry[1].includes(depth) ? entry[0] * depth : undefined;
};

/** Bytes of the decompressed image data: each scanline is a filter byte plus its pixels (per Adam7 pass when interlaced). */
const pngDataBytes = (width: number, height: number, bpp: number, interlaced: boolean) => {
  const lines = (w: number, h: number) => (w && h ? h * (1 + Math.ceil((w * bpp) / 8)) : 0);
  if (!interlaced) return lines(width, height);
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const;
  return passes.reduce(
    (sum, [x0, y0, dx, dy]) =>
      sum + lines(Math.ceil(Math.max(0, width - x0) / dx), Math.ceil(Math.max(0, height - y0) / dy)),
    0,
  );
};

/** Walks every chunk (CRC checked), bounds the pixels from IHDR, and inflates all image data to exactly the size the header implies. */
export const checkPng = (name: string, bytes: Buffer): void => {
  let at = 8;
  let header: { width: number; height: number; bpp: number; interlaced: boolean } | undefined;
  const data: Buffer[] = [];
  let ended = false;
  while (!ended) {
    if (at + 12 > bytes.length) throw unreadableImage(name);
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > bytes.length) throw unreadableImage(name);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length))
      throw unreadableImage(name);
    if (!header && type !== 'IHDR') throw unreadableImage(name);
    if (type === 'IHDR') {
      if (header || length !== 13) throw unreadableImage(name);
      const width = body.readUInt32BE(0);
      const height = body.readUInt32BE(4);
      const bpp = pngBitsPerPixel(body[9]!, body[8]!);
      if (!width || !height || bpp === undefined || body[10] !== 0 || body[11] !== 0 || body[12]! > 1)
        throw unreadableImage(name);
      if (width * height > MAX_IMAGE_PIXELS) throw tooManyPixels(name);
      header = { width, height, bpp, interlaced: body[12] === 1 };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') ended = true;
    at += 12 + length;
  }
  if (!header || !data.length) throw unreadableImage(name);
  const expected = pngDataBytes(header.width, header.height, header.bpp, header.interlaced);
  let pixels: Buffer;
  try {
    // One byte more than expected: a stream that inflates past it is as wrong as one that falls short.
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    throw unreadableImage(name);
  }
  if (pixels.length !== expected) throw unreadableImage(name);
  if (!header.interlaced) {
    const stride = 1 + Math.ceil((header.width * header.bpp) / 8);
    for (let row = 0; row < header.height; row++) if (pixels[row * stride]! > 4) throw unreadableImage(name);
  }
};

/** The frame size from the first SOF marker, read before anything is decoded. */
const jpegSize = (bytes: Buffer): { width: number; height: number } | undefined => {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return undefined;
};

/** Bounds the pixels from the frame header, then decodes the whole image. */
export const checkJpeg = (name: string, bytes: Buffer): void => {
  const size = jpegSize(bytes);
  if (!size || !size.width || !size.height) throw unreadableImage(name);
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw tooManyPixels(name);
  // A complete JPEG ends with its EOI marker (padding aside); a truncated one would decode to grey.
  // Searching anywhere would accept a cut-off file whose EXIF thumbnail has an EOI of its own.
  let end = bytes.length;
  while (end > 2 && bytes[end - 1] === 0x00) end--;
  if (bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9) throw unreadableImage(name);
  try {
    const image = jpeg.decode(bytes, {
      useTArray: true,
      tolerantDecoding: false,
      maxResolutionInMP: MAX_IMAGE_PIXELS / 1e6 + 1,
      maxMemoryUsageInMB: 256,
    });
    if (image.width !== size.width || image.height !== size.height) throw new Error('size differs');
  } catch {
    throw unreadableImage(name);
  }
};

