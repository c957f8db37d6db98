import { describe, expect, it } from 'vitest';
import { base58 } from '@scure/base';
import { hexToBytes } from '@noble/hashes/utils.js';
import { encodeCbor } from './cbor-encode';
import { decodeProofValue, encodeProofValue, ProofValueError } from './proof-value';
import vc2Sample from './fixtures/blockcerts-sample-vc2-mocknet.json';
import vc1Sample from './fixtures/blockcerts-sample-vc1-sepolia.json';

// Test vector of the reference JS encoder (lds-merkle-proof-2019 src/__tests__).
const LDS_VECTOR = {
  path: [
    { right: '51b4e22ed024ec7f38dc68b0bf78c87eda525ab0896b75d2064bdb9fc60b2698' },
    { right: '61c56cca660b2e616d0bd62775e728f50275ae44adf12d1bfb9b9c507a14766b' },
  ],
  merkleRoot: '3c9ee831b8705f2fbe09f8b3a92247eed88cdc90418c024924be668fdc92e781',
  targetHash: 'c65c6184e3d5a945ddb5437e93ea312411fd33aa1def22b0746d6ecd4aa30f20',
  anchors: ['blink:btc:testnet:582733d7cef8035d87cecc9ebbe13b3a2f6cc52583fbcd2b9709f20a6b8b56b3'],
};
const LDS_VECTOR_ENCODED =
  'z6nGv6rMRybRe9CuMzbQbdu7sA858v1d13JU3hoAr1x93cheinB35kDXqCvaA93WTLWGtLZMdQSvvNCxEMZPhLvDa4CbUYkm4pCwBe7kCZAsuwHZwHxgyzCbRUWFbMXHhkVSHoPYmPzfi4arfHKMgKSurZ7oqe3GHRdi78TbHGvA65edK8JBEdTUt8SpCdc7wz5qiwj3THtcNAXfgK4LmCAu4fq8CnjLcMtGoEdfXfjy3turtaTapyM3katuYKAzbJF3FiE8i8NXBsiBnEbvKk7k';

describe('encodeProofValue', () => {
  it('reproduces the reference encoder byte for byte', () => {
    expect(encodeProofValue(LDS_VECTOR)).toBe(LDS_VECTOR_ENCODED);
  });

  it('round-trips an Ethereum anchor with its 0x transaction id', () => {
    const value = {
      ...LDS_VECTOR,
      anchors: ['blink:eth:sepolia:0x1f615470024000c3ab532ed74c5a60b8f6c2feb6489a67be20f103831996f9ab'],
    };
    expect(decodeProofValue(encodeProofValue(value))).toEqual(value);
  });

  it('round-trips a dev chain known only by its chain id, and an empty path', () => {
    const value = { ...LDS_VECTOR, path: [], anchors: [`blink:eth:1337:0x${'ab'.repeat(32)}`] };
    expect(decodeProofValue(encodeProofValue(value))).toEqual(value);
  });

  it('refuses a malformed hash or anchor', () => {
    expect(() => encodeProofValue({ ...LDS_VECTOR, merkleRoot: 'abc' })).toThrow();
    expect(() => encodeProofValue({ ...LDS_VECTOR, anchors: ['blink:eth:sepolia:1234'] })).toThrow();
    expect(() =>
      encodeProofValue({ ...LDS_VECTOR, anchors: ['blink:eth:nowhere:0x' + '00'.repeat(32)] }),
    ).toThrow();
  });
});

describe('decodeProofValue', () => {
  it('decodes the reference vector', () => {
    expect(decodeProofValue(LDS_VECTOR_ENCODED)).toEqual(LDS_VECTOR);
  });

  it('decodes what cert-issuer (Python, hex as text) wrote in a published VC 2.0 sample', () => {
    const decoded = decodeProofValue(vc2Sample.proof.proofValue);
    expect(decoded.targetHash).toBe('357997ba81404cff4065f003b86aaf54f99daa8828fb8ed4ba756eff0fcc9edb');
    expect(decoded.merkleRoot).toBe(decoded.targetHash);
    expect(decoded.path).toEqual([]);
    expect(decoded.anchors[0]).toMatch(/^blink:mocknet:/);
  });

  it('decodes a published Sepolia sample to its anchor', () => {
    const decoded = decodeProofValue(vc1Sample.proof.proofValue);
    expect(decoded.anchors).toEqual([
      'blink:eth:sepolia:0x1f615470024000c3ab532ed74c5a60b8f6c2feb6489a67be20f103831996f9ab',
    ]);
    expect(decoded.targetHash).toBe('b2c64ed78cccda992431c265a1d0bb657e8cefd14b1ef15ceadcc697c566994f');
  });

  it('also reads a plain CBOR map with unwrapped byte and text values', () => {
    // {0: root bytes, 1: target as hex text, 2: ["blink:…"], 3: [{1: bytes}]} built by hand.
    const root = LDS_VECTOR.merkleRoot;
    const bytes = [0xa4, 0x00, 0x58, 0x20, ...hexToBytes(root), 0x01];
    const target = encodeCbor(LDS_VECTOR.targetHash);
    const anchors = encodeCbor([LDS_VECTOR.anchors[0]!]);
    const path = [0x81, 0xa1, 0x01, 0x58, 0x20, ...hexToBytes(LDS_VECTOR.path[0]!.right)];
    const cbor = Uint8Array.from([...bytes, ...target, 0x02, ...anchors, 0x03, ...path]);
    const decoded = decodeProofValue('z' + base58.encode(cbor));
    expect(decoded).toEqual({ ...LDS_VECTOR, path: [LDS_VECTOR.path[0]] });
  });

  it('rejects garbage', () => {
    expect(() => decodeProofValue('abc')).toThrow(ProofValueError);
    expect(() => decodeProofValue('z' + base58.encode(Uint8Array.from([0xff, 0x00])))).toThrow(
      ProofValueError,
    );
    expect(() => decodeProofValue('z' + base58.encode(encodeCbor([[0, encodeCbor('00')]])))).toThrow(
      ProofValueError,
    );
  });
});
