import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';

/** One step of a Merkle path: the sibling hash and which side it sits on. */
export type MerkleStep = { left: string } | { right: string };

export interface MerkleTree {
  /** levels[0] are the leaves in batch order; the last level holds only the root. */
  levels: Uint8Array[][];
  root: string;
}

const HASH_HEX = /^[0-9a-f]{64}$/;

/**
 * The tree cert-issuer builds (blockcerts_merkletools): parent = SHA-256(left ‖ right) over raw
 * bytes, pairs never sorted, an odd last node promoted unchanged. Verifiers recompute the root the
 * same way, so any other rule would produce proofs no one else accepts.
 */
export function buildMerkleTree(leafHashes: readonly string[]): MerkleTree {
  if (leafHashes.length === 0) throw new RangeError('a Merkle tree needs at least one leaf');
  const leaves = leafHashes.map((hex) => {
    const normalised = hex.toLowerCase();
    if (!HASH_HEX.test(normalised)) throw new RangeError(`leaf "${hex}" is not a SHA-256 hex digest`);
    return hexToBytes(normalised);
  });
  const levels: Uint8Array[][] = [leaves];
  let level: Uint8Array[] = leaves;
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(sha256(concatBytes(level[i]!, level[i + 1]!)));
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    levels.push(next);
    level = next;
  }
  return { levels, root: bytesToHex(level[0]!) };
}

/** Siblings from the leaf up to the root; empty for a batch of one (root = leaf). */
export function merklePath(tree: MerkleTree, leafIndex: number): MerkleStep[] {
  const leafCount = tree.levels[0]!.length;
  if (!Number.isInteger(leafIndex) || leafIndex < 0 || leafIndex >= leafCount) {
    throw new RangeError(`leaf index ${leafIndex} is outside 0..${leafCount - 1}`);
  }
  const path: MerkleStep[] = [];
  let index = leafIndex;
  for (const level of tree.levels.slice(0, -1)) {
    const isRight = index % 2 === 1;
    const sibling = isRight ? index - 1 : index + 1;
    // A promoted last node has no sibling at this level: nothing to record.
    if (sibling < level.length) {
      const hash = bytesToHex(level[sibling]!);
      path.push(isRight ? { left: hash } : { right: hash });
    }
    index = Math.floor(index / 2);
  }
  return path;
}

/** The root a path leads to from a leaf; throws on a malformed step. */
export function rootFromPath(leafHash: string, path: readonly MerkleStep[]): string {
  let current = hexToBytes(expectHash(leafHash));
  for (const step of path) {
    if ('left' in step && typeof step.left === 'string') {
      current = sha256(concatBytes(hexToBytes(expectHash(step.left)), current));
    } else if ('right' in step && typeof step.right === 'string') {
      current = sha256(concatBytes(current, hexToBytes(expectHash(step.right))));
    } else {
      throw new RangeError('a Merkle path step must have "left" or "right"');
    }
  }
  return bytesToHex(current);
}

export function verifyMerklePath(
  leafHash: string,
  path: readonly MerkleStep[],
  expectedRoot: string,
): boolean {
  try {
    return rootFromPath(leafHash, path) === expectedRoot.toLowerCase();
  } catch {
    return false;
  }
}

function expectHash(hex: string): string {
  const normalised = hex.toLowerCase();
  if (!HASH_HEX.test(normalised)) throw new RangeError(`"${hex}" is not a SHA-256 hex digest`);
  return normalised;
}
