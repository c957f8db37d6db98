// Baking: embedding a badge in its image so the image alone carries the credential.
// PNG: one uncompressed iTXt chunk before IEND. SVG: a namespaced element holding the JSON.

export type BadgeVersion = 'ob2' | 'ob3';

const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_KEYWORD: Record<BadgeVersion, string> = { ob2: 'openbadges', ob3: 'openbadgecredential' };

export class BakeError extends Error {
  readonly code = 'BAKE_FAILED';
}

interface Chunk {
  type: string;
  data: Uint8Array;
}

function readChunks(png: Uint8Array): Chunk[] {
  if (png.length < 8 || !PNG_SIGNATURE.every((b, i) => png[i] === b)) throw new BakeError('not a PNG file');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Chunk[] = [];
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    if (offset + 12 + length > png.length) throw new BakeError('truncated PNG chunk');
    chunks.push({ type, data: png.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
    if (type === 'IEND') return chunks;
  }
  throw new BakeError('PNG has no IEND chunk');
}

function writeChunks(chunks: Chunk[]): Uint8Array {
  const size = 8 + chunks.reduce((n, c) => n + 12 + c.data.length, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(PNG_SIGNATURE, 0);
  let offset = 8;
  for (const chunk of chunks) {
    const typeBytes = Uint8Array.from(chunk.type, (ch) => ch.charCodeAt(0));
    view.setUint32(offset, chunk.data.length);
    out.set(typeBytes, offset + 4);
    out.set(chunk.data, offset + 8);
    view.setUint32(
      offset + 8 + chunk.data.length,
      crc32(out.subarray(offset + 4, offset + 8 + chunk.data.length)),
    );
    offset += 12 + chunk.data.length;
  }
  return out;
}

/** iTXt: keyword \0 compression-flag(0) method(0) language \0 translated-keyword \0 UTF-8 text. */
function iTXt(keyword: string, text: string): Chunk {
  const enc = new TextEncoder();
  const key = enc.encode(keyword);
  const body = enc.encode(text);
  const data = new Uint8Array(key.length + 5 + body.length);
  data.set(key, 0);
  // bytes key.length .. +4 stay 0: separator, uncompressed, method 0, empty language, empty translation
  data.set(body, key.length + 5);
  return { type: 'iTXt', data };
}

function iTXtKeyword(data: Uint8Array): string {
  const end = data.indexOf(0);
  return new TextDecoder().decode(data.subarray(0, end < 0 ? data.length : end));
}

/** Bakes the badge JSON (or, for OB 2.0 hosted badges, its URL) into a PNG; replaces an earlier bake. */
export function bakePng(png: Uint8Array, payload: string, version: BadgeVersion): Uint8Array {
  const keyword = PNG_KEYWORD[version];
  const chunks = readChunks(png).filter((c) => !(c.type === 'iTXt' && iTXtKeyword(c.data) === keyword));
  chunks.splice(chunks.length - 1, 0, iTXt(keyword, payload));
  return writeChunks(chunks);
}

/** The baked payload, or undefined when the PNG carries none. */
export function unbakePng(png: Uint8Array, version: BadgeVersion): string | undefined {
  const keyword = PNG_KEYWORD[version];
  const chunk = readChunks(png).find((c) => c.type === 'iTXt' && iTXtKeyword(c.data) === keyword);
  if (!chunk) return undefined;
  const data = chunk.data;
  let p = keyword.length + 1;
  if (data[p] !== 0) throw new BakeError('compressed badge iTXt chunks are not supported');
  p += 2; // compression flag and method
  p = data.indexOf(0, p) + 1; // language tag
  p = data.indexOf(0, p) + 1; // translated keyword
  return new TextDecoder().decode(data.subarray(p));
}

const SVG_NAMESPACE: Record<BadgeVersion, string> = {
  ob2: 'http://openbadges.org',
  ob3: 'https://purl.imsglobal.org/ob/v3p0',
};
const SVG_ELEMENT: Record<BadgeVersion, string> = {
  ob2: 'openbadges:assertion',
  ob3: 'openbadges:credential',
};

/**
 * Bakes into an SVG: declares xmlns:openbadges on the root and inserts the element as its first
 * child. OB 2.0 also carries verify="<assertion URL>" when the assertion is hosted.
 */
export function bakeSvg(svg: string, json: string, version: BadgeVersion, verifyUrl?: string): string {
  const cleaned = svg.replace(
    new RegExp(`<${SVG_ELEMENT[version]}[\\s\\S]*?</${SVG_ELEMENT[version]}>\\s*`, 'g'),
    '',
  );
  const root = /<svg\b[^>]*>/.exec(cleaned);
  if (!root) throw new BakeError('not an SVG document');
  let openTag = root[0];
  if (!/\sxmlns:openbadges=/.test(openTag)) {
    openTag = openTag.replace(/^<svg\b/, `<svg xmlns:openbadges="${SVG_NAMESPACE[version]}"`);
  }
  const verify = version === 'ob2' && verifyUrl ? ` verify="${escapeAttribute(verifyUrl)}"` : '';
  // "]]>" cannot appear inside CDATA: split it across two sections.
  const cdata = `<![CDATA[${json.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
  const element = `<${SVG_ELEMENT[version]}${verify}>${cdata}</${SVG_ELEMENT[version]}>`;
  return cleaned.slice(0, root.index) + openTag + element + cleaned.slice(root.index + root[0].length);
}

export function unbakeSvg(svg: string, version: BadgeVersion): string | undefined {
  const match = new RegExp(`<${SVG_ELEMENT[version]}\\b[^>]*>([\\s\\S]*?)</${SVG_ELEMENT[version]}>`).exec(
    svg,
  );
  if (!match) return undefined;
  const body = match[1]!.trim();
  const sections = [...body.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)].map((m) => m[1]);
  return sections.length > 0 ? sections.join('') : decodeXmlText(body);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function decodeXmlText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

let crcTable: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = crcTable[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
