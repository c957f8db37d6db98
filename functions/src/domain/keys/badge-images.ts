import { deflateSync } from 'node:zlib';

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** The default badge artwork until the template designer exists: a medal with the badge and issuer names. */
export const defaultBadgeSvg = (badgeName: string, issuerName: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">` +
  `<circle cx="200" cy="200" r="190" fill="#1d4ed8"/><circle cx="200" cy="200" r="165" fill="#fff"/>` +
  `<circle cx="200" cy="200" r="150" fill="none" stroke="#f59e0b" stroke-width="6"/>` +
  `<text x="200" y="190" text-anchor="middle" font-family="Arial, sans-serif" font-size="28" font-weight="bold" fill="#1e3a8a">${escapeXml(badgeName.slice(0, 28))}</text>` +
  `<text x="200" y="235" text-anchor="middle" font-family="Arial, sans-serif" font-size="18" fill="#374151">${escapeXml(issuerName.slice(0, 36))}</text>` +
  `</svg>`;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/**
 * A plain PNG badge (a blue disc on white) to bake into when the organisation has no badge image.
 * Written by hand because no image library is needed for a flat shape.
 */
export const defaultBadgePng = (size = 200): Uint8Array => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: Buffer[] = [];
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inside = (x - r + 0.5) ** 2 + (y - r + 0.5) ** 2 <= (r - 2) ** 2;
      row.set(inside ? [0x1d, 0x4e, 0xd8] : [0xff, 0xff, 0xff], 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.concat(rows))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
};
