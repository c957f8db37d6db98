import { concatBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';

/*
 * Multikey encoding of Ed25519 public keys. A leaf module: code that only lists or publishes keys
 * (the keys function, the issuer profile) needs no canonicalization (jsonld).
 */

const ED25519_MULTICODEC = Uint8Array.from([0xed, 0x01]);

/** Multikey form of an Ed25519 public key: 'z6Mk…'. */
export function ed25519PublicKeyMultibase(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new RangeError('an Ed25519 public key has 32 bytes');
  return 'z' + base58.encode(concatBytes(ED25519_MULTICODEC, publicKey));
}

export function ed25519PublicKeyFromMultibase(multibase: string): Uint8Array {
  if (!multibase.startsWith('z')) throw new RangeError('expected a base58btc multibase key');
  const bytes = base58.decode(multibase.slice(1));
  if (bytes.length !== 34 || bytes[0] !== 0xed || bytes[1] !== 0x01)
    throw new RangeError('not an Ed25519 Multikey');
  return bytes.slice(2);
}
