// The web build compiles this file without the root tsconfig, so the ambient jsonld types are referenced here.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./jsonld.d.ts" />
import type { DocumentLoader, RemoteDocument } from 'jsonld';
import { BUNDLED_CONTEXTS } from './contexts/index';

export class UnknownContextError extends Error {
  readonly code = 'UNKNOWN_CONTEXT';
  constructor(readonly url: string) {
    super(`JSON-LD context ${url} is not bundled; refusing to fetch it`);
  }
}

/**
 * A jsonld document loader that serves only bundled contexts. Fetching at run time would make a
 * hash depend on a remote server (and leak every verification to it), so an unknown URL is an error.
 */
export function createOfflineDocumentLoader(extra: ReadonlyMap<string, unknown> = new Map()): DocumentLoader {
  return async (url: string): Promise<RemoteDocument> => {
    const document = extra.get(url) ?? BUNDLED_CONTEXTS.get(url);
    if (document === undefined) throw new UnknownContextError(url);
    return { contextUrl: null, document, documentUrl: url };
  };
}

export const offlineDocumentLoader: DocumentLoader = createOfflineDocumentLoader();
