import type { RouteKey } from '@proofmark/shared/contract/index';

interface Ahead {
  response: Promise<Response>;
  /** Until when the answer may be handed over: as long as the query cache counts a read fresh. */
  until: number;
}

/** How long an answer read ahead stays usable once it has arrived (the query cache's staleTime). */
const FRESH_MS = 30_000;

const ahead = new Map<string, Ahead>();
const keyOf = (path: string, token: string) => `${token} ${path}`;

/**
 * Starts a signed-in GET now, from the entry's first lines, before the code that reads it (the
 * contract client, the query cache, the screen) has even loaded; that code then takes the answer
 * instead of asking again (takeReadAhead). Without it the first screen's data set off only once
 * all of its code had arrived and rendered: one round trip after the other.
 */
export function readAhead(route: Extract<RouteKey, `GET ${string}`>, token: string): void {
  // The path as the client sends it (the route's key without its method; these take no parameters).
  const path = route.slice('GET '.length);
  const key = keyOf(path, token);
  if (ahead.has(key)) return;
  const response = fetch(path, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  const entry: Ahead = { response, until: Number.POSITIVE_INFINITY };
  ahead.set(key, entry);
  const settled = () => {
    entry.until = Date.now() + FRESH_MS;
  };
  // A failed read is the caller's to see (it gets this rejection and retries as usual), not an
  // unhandled rejection of its own.
  response.then(settled, settled);
}

/**
 * The answer read ahead for this call, once (the next call of the same path reads again), or
 * undefined: not a plain GET with the same token, never read ahead, already taken, or too old.
 */
export function takeReadAhead(url: string, init: RequestInit | undefined): Promise<Response> | undefined {
  if ((init?.method ?? 'GET') !== 'GET' || init?.body != null) return undefined;
  const authorization = new Headers(init?.headers).get('authorization') ?? '';
  const token = /^Bearer (.+)$/.exec(authorization)?.[1];
  if (token === undefined) return undefined;
  const key = keyOf(url, token);
  const entry = ahead.get(key);
  if (entry === undefined) return undefined;
  ahead.delete(key);
  return Date.now() <= entry.until ? entry.response : undefined;
}
