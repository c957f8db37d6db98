import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { buildMerkleTree, merklePath, rootFromPath, verifyMerklePath } from './merkle';

const h = (s: string) => bytesToHex(sha256(utf8ToBytes(s)));

describe('Merkle tree (cert-issuer rules)', () => {
  // Vector from cert-issuer tests/test_merkle_tree_generator.py.
  const leaves = [h('1'), h('2'), h('3')];
  const tree = buildMerkleTree(leaves);

  it('matches the cert-issuer root for sha256("1"), ("2"), ("3")', () => {
    expect(tree.root).toBe('0932f1d2e98219f7d7452801e2b64ebd9e5c005539db12d9b1ddabe7834d9044');
  });

  it('produces the cert-issuer paths, promoting the odd last node', () => {
    expect(merklePath(tree, 0)).toEqual([
      { right: 'd4735e3a265e16eee03f59718b9b5d03019c07d8b6c51f90da3a666eec13ab35' },
      { right: '4e07408562bedb8b60ce05c1decfe3ad16b72230967de01f640b7e4729b49fce' },
    ]);
    expect(merklePath(tree, 2)).toEqual([
      { left: '4295f72eeb1e3507b8461e240e3b8d18c1e7bd2f1122b11fc9ec40a65894031a' },
    ]);
  });

  it('a batch of one has an empty path and the leaf as root', () => {
    const single = buildMerkleTree([h('only')]);
    expect(single.root).toBe(h('only'));
    expect(merklePath(single, 0)).toEqual([]);
  });

  it('every path of odd and even batches leads to the root', () => {
    for (const size of [2, 5, 7, 8, 33]) {
      const batch = Array.from({ length: size }, (_, i) => h(`cert ${i}`));
      const t = buildMerkleTree(batch);
      batch.forEach((leaf, i) => expect(rootFromPath(leaf, merklePath(t, i))).toBe(t.root));
    }
  });

  it('does not sort pairs: swapping two leaves changes the root', () => {
    expect(buildMerkleTree([h('2'), h('1'), h('3')]).root).not.toBe(tree.root);
  });

  it('rejects a wrong leaf, a wrong root and a malformed step', () => {
    const path = merklePath(tree, 1);
    expect(verifyMerklePath(leaves[1]!, path, tree.root)).toBe(true);
    expect(verifyMerklePath(leaves[0]!, path, tree.root)).toBe(false);
    expect(verifyMerklePath(leaves[1]!, path, h('x'))).toBe(false);
    expect(verifyMerklePath(leaves[1]!, [{ up: 'x' } as never], tree.root)).toBe(false);
  });

  it('rejects an empty batch and a non-hash leaf', () => {
    expect(() => buildMerkleTree([])).toThrow();
    expect(() => buildMerkleTree(['abc'])).toThrow();
  });
});
