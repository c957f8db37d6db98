import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import type { DocumentLoader } from 'jsonld';
import { canonicalize, withoutProof } from './canonicalize';
import { ed25519PublicKeyMultibase } from './multikey';

export { ed25519PublicKeyFromMultibase, ed25519PublicKeyMultibase } from './multikey';
import { toRfc3339 } from './dates';

// W3C Data Integrity EdDSA Cryptosuites v1.0, eddsa-rdfc-2022: sign
// SHA-256(RDFC(proof options)) ‖ SHA-256(RDFC(document without proof)) with Ed25519. This is the
// proof 1EdTech's Open Badges 3.0 certification checks; the Merkle proof alone does not satisfy it.

export interface Ed25519DataIntegrityProof {
  type: 'DataIntegrityProof';
  cryptosuite: 'eddsa-rdfc-2022';
  created: string;
  verificationMethod: string;
  proofPurpose: string;
  proofValue: string;
}

/** did:key verification method id for an Ed25519 key: did:key:z6Mk…#z6Mk… */
export function ed25519DidKeyVerificationMethod(publicKey: Uint8Array): string {
  const mb = ed25519PublicKeyMultibase(publicKey);
  return `did:key:${mb}#${mb}`;
}

async function hashData(
  document: object,
  proofOptions: object,
  documentLoader?: DocumentLoader,
): Promise<Uint8Array> {
  const context = (document as { '@context'?: unknown })['@context'];
  const options = documentLoader ? { documentLoader } : {};
  const proofHash = sha256(
    utf8ToBytes(await canonicalize({ ...proofOptions, '@context': context }, options)),
  );
  const documentHash = sha256(utf8ToBytes(await canonicalize(withoutProof(document), options)));
  return concatBytes(proofHash, documentHash);
}

export interface EddsaSignOptions {
  /** 32-byte Ed25519 secret key (seed). */
  secretKey: Uint8Array;
  verificationMethod: string;
  created?: Date | string;
  proofPurpose?: string;
  documentLoader?: DocumentLoader;
}

/** Returns the proof; the caller places it (alone, or beside a Merkle proof in a proof set). */
export async function createEddsaRdfc2022Proof(
  document: object,
  options: EddsaSignOptions,
): Promise<Ed25519DataIntegrityProof> {
  const proofOptions = {
    type: 'DataIntegrityProof' as const,
    cryptosuite: 'eddsa-rdfc-2022' as const,
    created: toRfc3339(options.created ?? new Date()),
    verificationMethod: options.verificationMethod,
    proofPurpose: options.proofPurpose ?? 'assertionMethod',
  };
  const signature = ed25519.sign(
    await hashData(document, proofOptions, options.documentLoader),
    options.secretKey,
  );
  return { ...proofOptions, proofValue: 'z' + base58.encode(signature) };
}

/** Checks one eddsa-rdfc-2022 proof of a document against a known public key. */
export async function verifyEddsaRdfc2022Proof(
  document: object,
  proof: unknown,
  publicKey: Uint8Array,
  documentLoader?: DocumentLoader,
): Promise<boolean> {
  if (!proof || typeof proof !== 'object') return false;
  const { proofValue, ...proofOptions } = proof as Record<string, unknown>;
  if (proofOptions.type !== 'DataIntegrityProof' || proofOptions.cryptosuite !== 'eddsa-rdfc-2022')
    return false;
  if (typeof proofValue !== 'string' || !proofValue.startsWith('z')) return false;
  try {
    const signature = base58.decode(proofValue.slice(1));
    return ed25519.verify(signature, await hashData(document, proofOptions, documentLoader), publicKey);
  } catch {
    return false;
  }
}
