// The web build compiles this file without the root tsconfig, so the ambient jsonld types are referenced here.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./jsonld.d.ts" />
import jsonld from 'jsonld';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { DocumentLoader } from 'jsonld';
import { offlineDocumentLoader } from './document-loader';

/** The vocabulary the Blockcerts verifier appends to catch terms no context defines. */
export const FALLBACK_VOCAB = 'http://fallback.org/';

export interface CanonicalizeOptions {
  documentLoader?: DocumentLoader;
  /**
   * Append {"@vocab": FALLBACK_VOCAB} so that unmapped terms become visible IRIs instead of being
   * dropped (jsonld drops them silently outside safe mode and throws inside it).
   */
  withFallbackVocab?: boolean;
}

/** RDFC-1.0 (= URDNA2015) N-Quads of a JSON-LD document, offline. */
export async function canonicalize(document: object, options: CanonicalizeOptions = {}): Promise<string> {
  const input = options.withFallbackVocab ? withFallbackVocab(document) : document;
  return jsonld.canonize(input, {
    algorithm: 'RDFC-1.0',
    format: 'application/n-quads',
    documentLoader: options.documentLoader ?? offlineDocumentLoader,
    // Safe mode turns every lossy step (dropped term, relative IRI) into an error: a certificate must
    // never hash to something that ignores part of what it says. With the fallback vocab nothing is
    // dropped, and safe mode would still reject e.g. relative IRIs, which is what we want.
    safe: true,
  });
}

// As the Blockcerts verifier does: a document that declares its own @vocab keeps it (and then has
// no unmapped terms by definition), otherwise the fallback goes last so it only catches leftovers.
function withFallbackVocab(document: object): object {
  const context = (document as { '@context'?: unknown })['@context'];
  const contexts = Array.isArray(context) ? context : context === undefined ? [] : [context];
  if (contexts.some((c) => typeof c === 'object' && c !== null && '@vocab' in c)) return document;
  return { ...document, '@context': [...contexts, { '@vocab': FALLBACK_VOCAB }] };
}

/** Term names that fell through to the fallback vocabulary in N-Quads, sorted and unique. */
export function findUnmappedTerms(nquads: string): string[] {
  const found = new Set<string>();
  const pattern = /<http:\/\/fallback\.org\/([^>]*)>/g;
  for (const match of nquads.matchAll(pattern)) found.add(match[1] ?? '');
  return [...found].sort();
}

export class UnmappedTermsError extends Error {
  readonly code = 'UNMAPPED_TERMS';
  constructor(readonly terms: string[]) {
    super(`Found unmapped fields during JSON-LD normalization: ${terms.join(', ')}`);
  }
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The credential as it was hashed: everything but its proof. */
export function withoutProof<T extends object>(credential: T): Omit<T, 'proof'> {
  const { proof: _proof, ...rest } = credential as T & { proof?: unknown };
  return rest;
}

/**
 * targetHash of a credential: SHA-256 hex of the N-Quads of the credential without its proof.
 * Hashes as the Blockcerts verifier does (with the fallback vocab) and refuses a credential with
 * unmapped terms (that verifier would reject it).
 *
 * The fallback is an inline context, which jsonld processes afresh for every document (about a
 * third of the time of a hash). So the credential is first canonicalized without it, in safe mode:
 * if that succeeds, no term was dropped and no IRI left relative, so the fallback would have caught
 * nothing and the N-Quads are the ones it would give. Only a document safe mode refuses is
 * canonicalized again with the fallback, to name its unmapped terms (or to fail as it fails).
 */
export async function computeTargetHash(
  credential: object,
  options: Omit<CanonicalizeOptions, 'withFallbackVocab'> = {},
): Promise<string> {
  const document = withoutProof(credential);
  let nquads: string;
  try {
    nquads = await canonicalize(document, { ...options, withFallbackVocab: false });
  } catch {
    nquads = await canonicalize(document, { ...options, withFallbackVocab: true });
  }
  const unmapped = findUnmappedTerms(nquads);
  if (unmapped.length > 0) throw new UnmappedTermsError(unmapped);
  return sha256Hex(nquads);
}
