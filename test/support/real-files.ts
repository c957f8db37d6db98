import { crc32, deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';

/** Small but complete files of each accepted kind, made on the fly (no binary blobs in the repository). */

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG header (IHDR) with the given size, RGB 8-bit. */
export const pngHeader = (width: number, height: number) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr)]);
};

/** A complete RGB PNG; `seed` varies its pixels so files differ. */
export const realPng = (width = 4, height = 4, seed = 0) => {
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, (seed + y * 37) % 256)]),
  );
  return Buffer.concat([
    pngHeader(width, height),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

export const realJpeg = (width = 8, height = 8, seed = 0) =>
  Buffer.from(
    jpeg.encode({ data: Buffer.alloc(width * height * 4, (seed * 53) % 256), width, height }, 80).data,
  );

export const realPdf = async (text = 'Certificate') => {
  const doc = await PDFDocument.create();
  doc.addPage([200, 100]).drawText(text, { x: 10, y: 50, size: 12 });
  return Buffer.from(await doc.save());
};
