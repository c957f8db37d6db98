import { describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import {
  ethereumAddressFromJwk,
  ethereumAddressFromPublicKey,
  KeyError,
  publicKeyToJwk,
  toChecksumAddress,
} from './keys';

const PRIVATE_KEY_ONE = hexToBytes('00'.repeat(31) + '01');

describe('secp256k1 keys', () => {
  it('derives the well-known address of private key 1, from compressed or uncompressed keys', () => {
    expect(ethereumAddressFromPublicKey(secp256k1.getPublicKey(PRIVATE_KEY_ONE, true))).toBe(
      '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
    );
    expect(ethereumAddressFromPublicKey(secp256k1.getPublicKey(PRIVATE_KEY_ONE, false))).toBe(
      '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
    );
  });

  it('derives the address of the Blockcerts sample issuer key-1 from its JWK', () => {
    const jwk = {
      kty: 'EC',
      crv: 'secp256k1',
      x: '6_JKJIXL7PJQT9hnr03yQNda_fUfmfrcZpymkRqsmH4',
      y: 'steT4D8LrgwmqASd1EMy6ZyyAqsl-KvNlD7rBhX3za8',
    };
    expect(ethereumAddressFromJwk(jwk)).toBe('0x40Cf9B7DB6FCc742ad0a76B8588C7f8De2b54a60');
  });

  it('round-trips a public key through its JWK', () => {
    const pub = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
    expect(ethereumAddressFromJwk(publicKeyToJwk(pub))).toBe(ethereumAddressFromPublicKey(pub));
  });

  it('rejects keys off the curve and malformed JWKs', () => {
    expect(() => ethereumAddressFromJwk({ kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' })).toThrow(KeyError);
    expect(() => ethereumAddressFromJwk({ kty: 'EC', crv: 'secp256k1', x: 'AAAA', y: 'AAAA' })).toThrow(
      KeyError,
    );
    expect(() => publicKeyToJwk('02' + '00'.repeat(32))).toThrow(KeyError);
  });

  it('checksums addresses per EIP-55', () => {
    expect(toChecksumAddress('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359')).toBe(
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    );
  });
});
