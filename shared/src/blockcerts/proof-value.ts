import { base58 } from '@scure/base';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
// Only the decoder: the browser's verifier carries no CBOR encoder (cbor-encode.ts writes ours).
import { Decoder } from 'cbor-x/decode';
import { base58btcEncode } from './base58';
import { encodeCbor, type CborValue } from './cbor-encode';
import { CHAIN_IDS, isEvmChain, networkId, networkName, parseAnchor, type AnchorChain } from './anchor';
import type { MerkleStep } from './merkle';

/** The decoded content of a MerkleProof2019 proofValue. Hashes are lowercase hex. */
export interface MerkleProof2019Value {
  merkleRoot: string;
  targetHash: string;
  anchors: string[];
  path: MerkleStep[];
}

export class ProofValueError extends Error {
  readonly code = 'INVALID_PROOF_VALUE';
}

const ROOT_KEY = { merkleRoot: 0, targetHash: 1, anchors: 2, path: 3 } as const;
const PATH_KEY = { left: 0, right: 1 } as const;

/*
 * Wire format, as the Blockcerts tools read and write it (lds-merkle-proof-2019 JS and Python):
 * 'z' + base58btc(CBOR), where the CBOR is an ARRAY of [key, value] pairs (not a CBOR map), and
 * every scalar value is itself CBOR-encoded and wrapped in a byte string:
 *   [[3, [[0|1, bstr(cbor(bytes))], ...]],          path: 0 = left, 1 = right
 *    [0, bstr(cbor(bytes merkleRoot))],
 *    [1, bstr(cbor(bytes targetHash))],
 *    [2, [[[0, chainId], [1, networkId], [2, bstr(cbor(txid))]]]]]
 * Pair order path, root, target, anchors is cert-issuer's. The JS encoder puts raw bytes inside the
 * wrapper, the Python one hex text; the official decoder accepts both. EVM transaction ids are
 * written as text '0x…' (as cert-issuer does) because the decoder turns bytes back into hex without
 * the 0x that explorers expect.
 */
export function encodeProofValue(value: MerkleProof2019Value): string {
  const pairs: CborValue[] = [
    [ROOT_KEY.path, value.path.map(encodePathStep)],
    [ROOT_KEY.merkleRoot, wrap(hashBytes(value.merkleRoot))],
    [ROOT_KEY.targetHash, wrap(hashBytes(value.targetHash))],
    [ROOT_KEY.anchors, value.anchors.map(encodeAnchor)],
  ];
  return 'z' + base58btcEncode(encodeCbor(pairs));
}

function encodePathStep(step: MerkleStep): CborValue {
  if ('left' in step) return [PATH_KEY.left, wrap(hashBytes(step.left))];
  return [PATH_KEY.right, wrap(hashBytes(step.right))];
}

function encodeAnchor(text: string): CborValue {
  const anchor = parseAnchor(text);
  const tx = isEvmChain(anchor.chain) ? anchor.txId.toLowerCase() : hexToBytes(anchor.txId.toLowerCase());
  return [
    [0, CHAIN_IDS[anchor.chain]],
    [1, networkId(anchor.chain, anchor.network)],
    [2, wrap(tx)],
  ];
}

function wrap(inner: string | Uint8Array): Uint8Array {
  return encodeCbor(inner);
}

function hashBytes(hex: string): Uint8Array {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new ProofValueError(`"${hex}" is not a SHA-256 hex digest`);
  return hexToBytes(hex.toLowerCase());
}

// ---- decoding -------------------------------------------------------------------------------

const cbor = new Decoder({ mapsAsObjects: false, useRecords: false });

/**
 * Reads what any Blockcerts issuer wrote: the pair-array form above, or a plain CBOR map with the
 * same keys; values wrapped or not, as byte strings or hex text.
 */
export function decodeProofValue(proofValue: string): MerkleProof2019Value {
  if (typeof proofValue !== 'string' || !/^z[1-9A-HJ-NP-Za-km-z]+$/.test(proofValue)) {
    throw new ProofValueError('proofValue is not a multibase base58btc string');
  }
  let top: unknown;
  try {
    top = cbor.decode(base58.decode(proofValue.slice(1)));
  } catch (e) {
    throw new ProofValueError('proofValue is not valid CBOR', { cause: e });
  }
  const entries = toEntries(top, 'proofValue');
  const get = (key: number) => entries.find(([k]) => k === key)?.[1];

  const merkleRoot = hexValue(get(ROOT_KEY.merkleRoot), 'merkleRoot');
  const targetHash = hexValue(get(ROOT_KEY.targetHash), 'targetHash');
  const rawPath = get(ROOT_KEY.path) ?? [];
  const rawAnchors = get(ROOT_KEY.anchors);
  if (!Array.isArray(rawPath)) throw new ProofValueError('path is not a list');
  if (!Array.isArray(rawAnchors) || rawAnchors.length === 0) throw new ProofValueError('anchors are missing');
  return {
    merkleRoot,
    targetHash,
    path: rawPath.flatMap(decodePathItem),
    anchors: rawAnchors.map(decodeAnchor),
  };
}

/** [[k, v], ...] or a CBOR map, as [number, unknown][] */
function toEntries(value: unknown, what: string): [number, unknown][] {
  if (value instanceof Map) return [...value.entries()].map(([k, v]) => [Number(k), v]);
  if (Array.isArray(value)) {
    return value.map((pair) => {
      if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'number')
        throw new ProofValueError(`${what} entry is not a [key, value] pair`);
      return [pair[0], pair[1]];
    });
  }
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return Object.entries(value).map(([k, v]) => [Number(k), v]);
  }
  throw new ProofValueError(`${what} is neither a list of pairs nor a map`);
}

/** A scalar that may be wrapped once in a CBOR byte string; returns bytes or text. */
function unwrap(value: unknown, what: string): Uint8Array | string {
  if (typeof value === 'string') return value;
  if (!(value instanceof Uint8Array)) throw new ProofValueError(`${what} is neither bytes nor text`);
  // Wrapped form: the byte string holds exactly one CBOR item, text or bytes.
  try {
    const inner: unknown = cbor.decode(value);
    if (typeof inner === 'string' || inner instanceof Uint8Array) return inner;
  } catch {
    // not wrapped
  }
  return value;
}

function hexValue(value: unknown, what: string): string {
  if (value === undefined) throw new ProofValueError(`${what} is missing`);
  // 32 raw bytes are an unwrapped hash (a wrapped one is at least 34 bytes); checking first avoids
  // misreading a hash whose bytes happen to parse as CBOR.
  const inner = value instanceof Uint8Array && value.length === 32 ? value : unwrap(value, what);
  const hex = typeof inner === 'string' ? inner.toLowerCase() : bytesToHex(inner);
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new ProofValueError(`${what} is not a SHA-256 hex digest`);
  return hex;
}

function decodePathItem(item: unknown): MerkleStep[] {
  // Pair form [[0|1, v]] — or a map {0|1: v} from a map-based encoder.
  const entries =
    Array.isArray(item) && typeof item[0] === 'number'
      ? [[item[0], item[1]] as [number, unknown]]
      : toEntries(item, 'path step');
  return entries.map(([side, v]) => {
    if (side === PATH_KEY.left) return { left: hexValue(v, 'path step') };
    if (side === PATH_KEY.right) return { right: hexValue(v, 'path step') };
    throw new ProofValueError(`path step side ${side} is neither left (0) nor right (1)`);
  });
}

function decodeAnchor(item: unknown): string {
  if (typeof item === 'string') return item;
  const entries = toEntries(item, 'anchor');
  const chainId = entries.find(([k]) => k === 0)?.[1];
  const chain = (Object.keys(CHAIN_IDS) as AnchorChain[]).find((c) => CHAIN_IDS[c] === chainId);
  if (!chain) throw new ProofValueError(`unknown chain id ${String(chainId)} in anchor`);
  const parts = ['blink', chain];
  for (const [key, v] of entries.filter(([k]) => k !== 0).sort(([a], [b]) => a - b)) {
    if (key === 1 && typeof v === 'number') {
      parts.push(networkName(chain, v));
    } else {
      const inner = unwrap(v, 'anchor transaction id');
      parts.push(typeof inner === 'string' ? inner : bytesToHex(inner));
    }
  }
  return parts.join(':');
}
