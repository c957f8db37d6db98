import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { bakePng, bakeSvg, BakeError, unbakePng, unbakeSvg } from './bake';

const ONE_PIXEL_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const JSON_BADGE = JSON.stringify({ id: 'urn:uuid:1', name: 'Ünïcode ✓', note: 'has ]]> inside' });

function chunksOf(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset);
  const chunks: { type: string; crcOk: boolean }[] = [];
  for (let o = 8; o < png.length;) {
    const len = view.getUint32(o);
    const type = String.fromCharCode(...png.subarray(o + 4, o + 8));
    chunks.push({ type, crcOk: crc32(png.subarray(o + 4, o + 8 + len)) === view.getUint32(o + 8 + len) });
    o += 12 + len;
  }
  return chunks;
}

describe('PNG baking', () => {
  it('adds one iTXt chunk before IEND with valid CRCs, and reads it back', () => {
    const baked = bakePng(ONE_PIXEL_PNG, JSON_BADGE, 'ob3');
    const chunks = chunksOf(baked);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'iTXt', 'IEND']);
    expect(chunks.every((c) => c.crcOk)).toBe(true);
    expect(unbakePng(baked, 'ob3')).toBe(JSON_BADGE);
    expect(new TextDecoder().decode(baked)).toContain('openbadgecredential\0\0\0\0\0');
    expect(unbakePng(baked, 'ob2')).toBeUndefined();
  });

  it('re-baking replaces the earlier payload', () => {
    const twice = bakePng(bakePng(ONE_PIXEL_PNG, 'old', 'ob2'), 'https://x.org/a.json', 'ob2');
    expect(chunksOf(twice).filter((c) => c.type === 'iTXt')).toHaveLength(1);
    expect(unbakePng(twice, 'ob2')).toBe('https://x.org/a.json');
  });

  it('refuses what is not a PNG', () => {
    expect(() => bakePng(new Uint8Array([1, 2, 3]), 'x', 'ob2')).toThrow(BakeError);
  });
});

describe('SVG baking', () => {
  const svg =
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="4"/></svg>';

  it('bakes an OB 3.0 credential element', () => {
    const baked = bakeSvg(svg, JSON_BADGE, 'ob3');
    expect(baked).toContain(
      '<svg xmlns:openbadges="https://purl.imsglobal.org/ob/v3p0" xmlns="http://www.w3.org/2000/svg"',
    );
    expect(baked).toMatch(/<openbadges:credential><!\[CDATA\[/);
    expect(unbakeSvg(baked, 'ob3')).toBe(JSON_BADGE);
  });

  it('bakes an OB 2.0 assertion with its verify URL, replacing an earlier bake', () => {
    const once = bakeSvg(svg, '{"a":1}', 'ob2', 'https://x.org/a?x=1&y=2');
    const twice = bakeSvg(once, '{"a":2}', 'ob2', 'https://x.org/a?x=1&y=2');
    expect(twice.match(/openbadges:assertion /g)).toHaveLength(1);
    expect(twice).toContain('xmlns:openbadges="http://openbadges.org"');
    expect(twice).toContain('verify="https://x.org/a?x=1&amp;y=2"');
    expect(unbakeSvg(twice, 'ob2')).toBe('{"a":2}');
  });

  it('refuses what is not an SVG', () => {
    expect(() => bakeSvg('<html></html>', '{}', 'ob3')).toThrow(BakeError);
  });
});
