import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { base64urlnopad } from '@scure/base';

export interface Secp256k1PublicKeyJwk {
  kty: 'EC';
  crv: 'secp256k1';
  x: string;
  y: string;
}

export class KeyError extends Error {
  readonly code = 'INVALID_KEY';
}

/** Accepts a compressed (33-byte) or uncompressed (65-byte) SEC1 key, as bytes or hex. */
export function publicKeyToJwk(publicKey: Uint8Array | string): Secp256k1PublicKeyJwk {
  const uncompressed = toUncompressed(publicKey);
  return {
    kty: 'EC',
    crv: 'secp256k1',
    x: base64urlnopad.encode(uncompressed.slice(1, 33)),
    y: base64urlnopad.encode(uncompressed.slice(33, 65)),
  };
}

/** The EIP-55 checksummed Ethereum address of a secp256k1 JWK; throws if the point is not on the curve. */
export function ethereumAddressFromJwk(jwk: unknown): string {
  if (!jwk || typeof jwk !== 'object') throw new KeyError('JWK is not an object');
  const { kty, crv, x, y } = jwk as Record<string, unknown>;
  if (kty !== 'EC' || crv !== 'secp256k1' || typeof x !== 'string' || typeof y !== 'string') {
    throw new KeyError('JWK is not a secp256k1 EC public key');
  }
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from([0x04, ...base64urlnopad.decode(x), ...base64urlnopad.decode(y)]);
  } catch (e) {
    throw new KeyError('JWK coordinates are not base64url', { cause: e });
  }
  return ethereumAddressFromPublicKey(bytes);
}

export function ethereumAddressFromPublicKey(publicKey: Uint8Array | string): string {
  const uncompressed = toUncompressed(publicKey);
  return toChecksumAddress(bytesToHex(keccak_256(uncompressed.slice(1)).slice(12)));
}

/** EIP-55 mixed-case checksum; input with or without 0x, any case. */
export function toChecksumAddress(address: string): string {
  const hex = address.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{40}$/.test(hex)) throw new KeyError(`"${address}" is not an Ethereum address`);
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(hex)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i]!, 16) >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  return out;
}

function toUncompressed(publicKey: Uint8Array | string): Uint8Array {
  const bytes = typeof publicKey === 'string' ? hexToBytes(publicKey.replace(/^0x/, '')) : publicKey;
  try {
    // fromBytes validates that the point is on the curve.
    return secp256k1.Point.fromBytes(bytes).toBytes(false);
  } catch (e) {
    throw new KeyError('not a valid secp256k1 public key', { cause: e });
  }
}
