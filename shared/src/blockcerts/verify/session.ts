import type { Anchor } from '../anchor';
import type { AnchorRecord, ChainLookup, ChainResolver, FetchLike, FetchResponseLike, VerifyOptions } from './types';

export interface SessionOptions {
  /** How long a fetched document (issuer profile, revocation or status list) is reused. */
  documentTtlMs?: number;
  now?: () => number;
}

/** A revocation made while a page of certificates is being checked shows within this time. */
export const DOCUMENT_TTL_MS = 30_000;

interface Fetched {
  ok: boolean;
  status: number;
  body: unknown;
}

/**
 * Verification options for many certificates checked together (a batch, a page of links): the
 * certificates of one issuer read the same issuer profile and revocation list, and those of one
 * batch the same anchoring transaction. A session reads each once: documents for `documentTtlMs`,
 * anchor records for as long as it lives (a mined transaction's content cannot change). Each check
 * still runs every step on its own certificate; only reads are shared. A failed read (an error, a
 * non-2xx answer, "no such transaction") is never kept, so it is asked again next time.
 */
export function verificationSession(options: VerifyOptions, session: SessionOptions = {}): VerifyOptions {
  return {
    ...options,
    fetch: sharedFetch(options.fetch, session),
    chains: sharedChains(options.chains),
  };
}

function sharedFetch(fetch: FetchLike, { documentTtlMs = DOCUMENT_TTL_MS, now = Date.now }: SessionOptions): FetchLike {
  const kept = new Map<string, { at: number; read: Promise<Fetched> }>();
  return async (url, init) => {
    // Only plain GETs are documents; anything else goes through untouched.
    if ((init?.method ?? 'GET') !== 'GET' || init?.body !== undefined) return fetch(url, init);
    let entry = kept.get(url);
    if (!entry || now() - entry.at > documentTtlMs) {
      const read = (async (): Promise<Fetched> => {
        const res = await fetch(url, init);
        return { ok: res.ok, status: res.status, body: res.ok ? await res.json() : undefined };
      })();
      entry = { at: now(), read };
      kept.set(url, entry);
      const mine = entry;
      read.then(
        (r) => !r.ok && kept.get(url) === mine && kept.delete(url),
        () => kept.get(url) === mine && kept.delete(url),
      );
    }
    const got = await entry.read;
    // Each check gets its own copy: a step may not change what the next check reads.
    const response: FetchResponseLike = {
      ok: got.ok,
      status: got.status,
      json: async () => structuredClone(got.body),
    };
    return response;
  };
}

function sharedChains(chains: ChainResolver): ChainResolver {
  const records = new Map<string, Promise<AnchorRecord | null>>();
  return (anchor: Anchor) => {
    const chain = chains(anchor);
    if (!chain) return undefined;
    const lookup: ChainLookup = {
      lookup(a) {
        const key = `${a.chain}:${a.network}:${a.txId.toLowerCase()}`;
        let read = records.get(key);
        if (!read) {
          const mine = chain.lookup(a);
          records.set(key, mine);
          mine.then(
            (r) => r === null && records.get(key) === mine && records.delete(key),
            () => records.get(key) === mine && records.delete(key),
          );
          read = mine;
        }
        return read;
      },
    };
    return lookup;
  };
}
