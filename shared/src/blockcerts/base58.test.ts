import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { base58 } from '@scure/base';
import { base58btcEncode } from './base58';

describe('base58btcEncode', () => {
  it('writes what @scure/base writes, for any bytes (leading zeros, empty, long)', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.nat(4), fc.uint8Array({ maxLength: 900 })),
        ([zeros, tail]) => {
          const bytes = new Uint8Array([...new Array<number>(zeros).fill(0), ...tail]);
          expect(base58btcEncode(bytes)).toBe(base58.encode(bytes));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('encodes known vectors', () => {
    expect(base58btcEncode(new Uint8Array())).toBe('');
    expect(base58btcEncode(new Uint8Array([0, 0]))).toBe('11');
    expect(base58btcEncode(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
    expect(base58btcEncode(new Uint8Array([57]))).toBe('z');
    expect(base58btcEncode(new Uint8Array([58]))).toBe('21');
  });
});
