import { describe, expect, it } from 'vitest';
import {
  Bitstring,
  buildStatusListCredential,
  decodeBitstring,
  encodeBitstring,
  MIN_STATUS_LIST_BITS,
  StatusListError,
} from './statuslist';
import { canonicalize, findUnmappedTerms } from './canonicalize';

// encodedList of the cert-verifier-js StatusList2021 fixture (prefixless form).
const BLOCKCERTS_FIXTURE_LIST =
  'H4sIAAAAAAAAA-3OQQ0AAAgEIJ_GsH9KY5ybkIAqAD6bdADgl04HAAAAAAAAAAAAAAAAgLsWQFhQ2QBAAAA';

describe('Bitstring', () => {
  it('sets and clears bits, index 0 being the left-most bit', () => {
    const bits = new Bitstring();
    expect(bits.length).toBe(MIN_STATUS_LIST_BITS);
    bits.set(0, true);
    bits.set(9, true);
    expect(bits.bytes[0]).toBe(0x80);
    expect(bits.bytes[1]).toBe(0x40);
    expect(bits.get(0) && bits.get(9) && !bits.get(1)).toBe(true);
    bits.set(0, false);
    expect(bits.get(0)).toBe(false);
    expect(() => bits.get(MIN_STATUS_LIST_BITS)).toThrow(StatusListError);
    expect(() => bits.set(-1, true)).toThrow(StatusListError);
  });
});

describe('encodeBitstring / decodeBitstring', () => {
  it('round-trips through GZIP + multibase base64url without padding', async () => {
    const bits = new Bitstring();
    for (const i of [0, 7, 8, 4242, MIN_STATUS_LIST_BITS - 1]) bits.set(i, true);
    const encoded = await encodeBitstring(bits);
    expect(encoded).toMatch(/^uH4sI[A-Za-z0-9_-]+$/);
    const decoded = await decodeBitstring(encoded);
    expect(decoded.bytes).toEqual(bits.bytes);
    expect(await encodeBitstring(bits, { multibase: false })).toBe(encoded.slice(1));
  });

  it('reads the prefixless list of a published Blockcerts status list', async () => {
    const bits = await decodeBitstring(BLOCKCERTS_FIXTURE_LIST);
    expect(bits.length).toBe(MIN_STATUS_LIST_BITS);
  });

  it('refuses short lists and garbage', async () => {
    await expect(encodeBitstring(new Bitstring(1024))).rejects.toThrow(StatusListError);
    await expect(decodeBitstring('uAAAA')).rejects.toThrow(StatusListError);
    await expect(decodeBitstring('uH4sIAAAAxx')).rejects.toThrow(StatusListError);
  });
});

describe('buildStatusListCredential', () => {
  it('builds a suspension list whose every term is mapped', async () => {
    const bits = new Bitstring();
    bits.set(3, true);
    const credential = await buildStatusListCredential({
      url: 'https://certs.example.edu/status/1.json',
      issuerProfileUrl: 'https://certs.example.edu/issuer/profile.json',
      bits,
      validFrom: '2025-01-01T00:00:00Z',
    });
    expect(credential.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    expect(credential.credentialSubject.statusPurpose).toBe('suspension');
    expect((await decodeBitstring(credential.credentialSubject.encodedList)).get(3)).toBe(true);
    expect(findUnmappedTerms(await canonicalize(credential, { withFallbackVocab: true }))).toEqual([]);
  });
});
