import type { FetchLike } from './types';

export class FetchJsonError extends Error {
  constructor(
    readonly url: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${url}: ${reason}`, options);
  }
}

/** GET a JSON document; any transport, status or parse problem is one FetchJsonError. */
export async function fetchJson(fetch: FetchLike, url: string): Promise<unknown> {
  let response;
  try {
    response = await fetch(url, {
      method: 'GET',
      headers: { accept: 'application/json, application/ld+json' },
    });
  } catch (e) {
    throw new FetchJsonError(url, 'could not be reached', { cause: e });
  }
  if (!response.ok) throw new FetchJsonError(url, `answered HTTP ${response.status}`);
  try {
    return await response.json();
  } catch (e) {
    throw new FetchJsonError(url, 'is not JSON', { cause: e });
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
