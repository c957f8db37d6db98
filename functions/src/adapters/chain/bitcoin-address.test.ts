import { secp256k1 } from '@noble/curves/secp256k1.js';
import { NETWORK, p2pkh, p2wpkh, TEST_NETWORK } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { assertSegwitAddress, bitcoinAddressOf } from './bitcoin-address';

// @scure/btc-signer (what the anchor job spends with) is the reference for what the keys function derives alone.
describe('Bitcoin addresses without the transaction library', () => {
  const keys = Array.from({ length: 5 }, () => {
    const privateKey = secp256k1.utils.randomSecretKey();
    return { hex: Buffer.from(privateKey).toString('hex'), publicKey: secp256k1.getPublicKey(privateKey, true) };
  });

  it('derives the P2WPKH address btc-signer derives, on both networks, with or without 0x', () => {
    for (const key of keys) {
      expect(bitcoinAddressOf(key.hex, 'mainnet')).toBe(p2wpkh(key.publicKey, NETWORK).address);
      expect(bitcoinAddressOf(key.hex, 'testnet')).toBe(p2wpkh(key.publicKey, TEST_NETWORK).address);
      expect(bitcoinAddressOf(`0x${key.hex}`, 'testnet')).toBe(p2wpkh(key.publicKey, TEST_NETWORK).address);
    }
  });

  it('refuses a key that is not 32 bytes, or not on the curve', () => {
    expect(() => bitcoinAddressOf('abcd', 'testnet')).toThrow(/32 bytes as 64 hex characters/);
    expect(() => bitcoinAddressOf('00'.repeat(32), 'testnet')).toThrow();
  });

  it("accepts the network's segwit v0 address and refuses another network's, another kind, or garbage", () => {
    const { publicKey } = keys[0]!;
    expect(() => assertSegwitAddress(p2wpkh(publicKey, TEST_NETWORK).address!, 'testnet')).not.toThrow();
    expect(() => assertSegwitAddress(p2wpkh(publicKey, NETWORK).address!, 'mainnet')).not.toThrow();
    expect(() => assertSegwitAddress(p2wpkh(publicKey, NETWORK).address!, 'testnet')).toThrow(/testnet/);
    expect(() => assertSegwitAddress(p2pkh(publicKey, TEST_NETWORK).address!, 'testnet')).toThrow();
    expect(() => assertSegwitAddress('tb1qnotanaddress', 'testnet')).toThrow();
  });
});
