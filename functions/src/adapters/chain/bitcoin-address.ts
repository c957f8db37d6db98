import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from '@scure/base';

/*
 * A Bitcoin key's segwit v0 (P2WPKH, bc1q…/tb1q…) address (BIP 173: witness version 0 and the
 * key's HASH160, bech32-encoded). A leaf on the @noble/@scure primitives so that deriving and checking
 * an address (the keys function) carries no transaction code; the anchor job's adapter (bitcoin.ts)
 * builds its scripts with @scure/btc-signer, and the unit test holds the two to the same addresses.
 */

export type BitcoinNetworkName = 'mainnet' | 'testnet';

/** The human-readable part of a segwit address on each network. */
const HRP: Record<BitcoinNetworkName, string> = { mainnet: 'bc', testnet: 'tb' };

const HEX32 = /^(?:0x)?([0-9a-fA-F]{64})$/;

export const parseHex32 = (hex: string, what: string): Uint8Array => {
  const match = HEX32.exec(hex.trim());
  if (!match) throw new Error(`${what} must be 32 bytes as 64 hex characters`);
  return Uint8Array.from(Buffer.from(match[1]!, 'hex'));
};

/** The private key's bytes and compressed public key; noble throws for 0 or a value not below the curve order. */
export const bitcoinKeyOf = (privateKeyHex: string) => {
  const privateKey = parseHex32(privateKeyHex, 'The Bitcoin private key');
  return { privateKey, publicKey: secp256k1.getPublicKey(privateKey, true) };
};

/** The P2WPKH address of a compressed public key. */
export const segwitAddressOf = (publicKey: Uint8Array, network: BitcoinNetworkName): string =>
  bech32.encode(HRP[network], [0, ...bech32.toWords(ripemd160(sha256(publicKey)))]);

/** The address a private key anchors from. */
export const bitcoinAddressOf = (privateKeyHex: string, network: BitcoinNetworkName): string =>
  segwitAddressOf(bitcoinKeyOf(privateKeyHex).publicKey, network);

/** Throws unless `address` is a P2WPKH address of `network` (the only kind Proofmark anchors from). */
export const assertSegwitAddress = (address: string, network: BitcoinNetworkName): void => {
  const { prefix, words } = bech32.decode(address as `${string}1${string}`);
  const [version, ...program] = words;
  if (prefix !== HRP[network] || version !== 0 || bech32.fromWords(program).length !== 20)
    throw new Error(`${address} is not a segwit v0 (P2WPKH) address on Bitcoin ${network}`);
};
