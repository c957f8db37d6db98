import { computeTargetHash } from './canonicalize';
import { toRfc3339 } from './dates';
import { buildMerkleTree, merklePath } from './merkle';
import { formatAnchor, parseAnchor, type Anchor } from './anchor';
import { encodeProofValue } from './proof-value';
import type { DataIntegrityProof, SignedCredential } from './types';

interface Unsigned {
  issuer: string | { id: string };
  proof?: unknown;
}

/**
 * A batch between hashing and anchoring. Plain JSON, so the anchoring job can store it with the
 * batch record and finish after a restart: the tree is cheap to rebuild from the target hashes.
 */
export interface PreparedBatch<T extends Unsigned> {
  credentials: T[];
  targetHashes: string[];
  /** The 32 bytes (hex) the anchoring transaction must carry. */
  merkleRoot: string;
}

export interface FinalizeOptions {
  /** Proof creation time; defaults to now. */
  created?: Date | string;
  /** Defaults to '<issuer profile URL>#key-1', the key the Blockcerts verifier looks up. */
  verificationMethod?: (credential: Unsigned) => string;
}

export class BatchError extends Error {
  readonly code = 'INVALID_BATCH';
}

/** Longest stretch of hashing between two turns of the event loop. */
const SLICE_MS = 25;
// setImmediate, not setTimeout(0): sockets get their turn without a timer's millisecond each time.
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Step 1: hash every credential (exactly as it will be published) and compute the Merkle root.
 * Canonicalizing takes ~10 ms per credential and its awaits are mostly microtasks, so a batch of
 * 2,000 would hold the event loop for half a minute: every SLICE_MS the loop gets a turn (timers,
 * sockets), which keeps a server in the same process answering.
 */
export async function prepareBatch<T extends Unsigned>(credentials: readonly T[]): Promise<PreparedBatch<T>> {
  if (credentials.length === 0) throw new BatchError('a batch needs at least one credential');
  const targetHashes: string[] = [];
  let sliceStart = performance.now();
  for (const credential of credentials) {
    if (credential.proof !== undefined) throw new BatchError('credential is already signed');
    targetHashes.push(await computeTargetHash(credential));
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  return { credentials: [...credentials], targetHashes, merkleRoot: buildMerkleTree(targetHashes).root };
}

/** Step 2: once the root is anchored, give each credential its MerkleProof2019 proof. */
export function finalizeBatch<T extends Unsigned>(
  batch: PreparedBatch<T>,
  anchor: string | Anchor,
  options: FinalizeOptions = {},
): SignedCredential<T>[] {
  if (batch.credentials.length !== batch.targetHashes.length)
    throw new BatchError('credentials and target hashes differ in number');
  const tree = buildMerkleTree(batch.targetHashes);
  if (tree.root !== batch.merkleRoot.toLowerCase())
    throw new BatchError('target hashes do not lead to the prepared Merkle root');
  const anchorText = typeof anchor === 'string' ? formatAnchor(parseAnchor(anchor)) : formatAnchor(anchor);
  if (anchorText.startsWith('blink:mocknet'))
    throw new BatchError('mocknet anchors are for tests of other tools, never for certificates');
  const created = toRfc3339(options.created ?? new Date());
  const verificationMethod = options.verificationMethod ?? defaultVerificationMethod;

  return batch.credentials.map((credential, index) => {
    const proof: DataIntegrityProof = {
      type: 'DataIntegrityProof',
      cryptosuite: 'merkle-proof-2019',
      proofPurpose: 'assertionMethod',
      created,
      verificationMethod: verificationMethod(credential),
      proofValue: encodeProofValue({
        path: merklePath(tree, index),
        merkleRoot: tree.root,
        targetHash: batch.targetHashes[index]!,
        anchors: [anchorText],
      }),
    };
    return { ...credential, proof } as SignedCredential<T>;
  });
}

/** Both steps around an anchoring callback, for callers that can anchor inline (tests, tools). */
export async function signBatch<T extends Unsigned>(
  credentials: readonly T[],
  anchorFor: (merkleRoot: string) => Promise<string | Anchor>,
  options: FinalizeOptions = {},
): Promise<SignedCredential<T>[]> {
  const batch = await prepareBatch(credentials);
  return finalizeBatch(batch, await anchorFor(batch.merkleRoot), options);
}

export function defaultVerificationMethod(credential: Unsigned): string {
  const issuer = typeof credential.issuer === 'string' ? credential.issuer : credential.issuer.id;
  return `${issuer}#key-1`;
}
