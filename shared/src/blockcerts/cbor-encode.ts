// A minimal deterministic CBOR encoder (RFC 8949) for the few types a MerkleProof2019 proofValue
// holds. Written out rather than configured in a general library so the bytes cannot drift with a
// library default (tags on Uint8Array, record extensions, float widths).

export type CborValue = number | string | Uint8Array | CborValue[];

export function encodeCbor(value: CborValue): Uint8Array {
  const out: number[] = [];
  write(value, out);
  return Uint8Array.from(out);
}

function write(value: CborValue, out: number[]): void {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError('only safe integers are supported');
    if (value >= 0) head(0, value, out);
    else head(1, -1 - value, out);
  } else if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    head(3, bytes.length, out);
    for (const b of bytes) out.push(b);
  } else if (value instanceof Uint8Array) {
    head(2, value.length, out);
    for (const b of value) out.push(b);
  } else {
    head(4, value.length, out);
    for (const item of value) write(item, out);
  }
}

// Shortest head form, as deterministic encoding requires.
function head(major: number, n: number, out: number[]): void {
  const m = major << 5;
  if (n < 24) out.push(m | n);
  else if (n < 0x100) out.push(m | 24, n);
  else if (n < 0x10000) out.push(m | 25, n >> 8, n & 0xff);
  else if (n < 0x100000000)
    out.push(m | 26, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
  else {
    const hi = Math.floor(n / 0x100000000);
    const lo = n >>> 0;
    out.push(m | 27, (hi >>> 24) & 0xff, (hi >>> 16) & 0xff, (hi >>> 8) & 0xff, hi & 0xff);
    out.push((lo >>> 24) & 0xff, (lo >>> 16) & 0xff, (lo >>> 8) & 0xff, lo & 0xff);
  }
}
