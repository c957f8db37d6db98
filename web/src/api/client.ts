import { clearSession, getToken, readSession, saveSession } from '../session';

/**
 * A failed API call. `message` is what the server told the user (every error answer carries a
 * user-facing `message`), so pages can show it as is; `status` and `code` let callers react to
 * specific failures without parsing text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * What a 401 on a signed-in call means. 'signOut' (the default): the session is over — after one
   * attempt to renew the token, the session is cleared and session-expiry listeners are told.
   * 'ignore': the caller expects it (logout of an already revoked session).
   */
  onUnauthorized?: 'signOut' | 'ignore';
}

const expiryListeners = new Set<() => void>();

/**
 * Calls `listener` when a call finds the session over (a 401 the refresh token could not cure).
 * The app uses it to drop cached data and send the user to /login.
 */
export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => {
    expiryListeners.delete(listener);
  };
}

// One renewal at a time: parallel calls failing with the same stale token share it.
let renewal: { stale: string; promise: Promise<string | null> } | null = null;

/** A fresh ID token from the stored refresh token, or null when the session cannot be renewed. */
async function renewedToken(stale: string): Promise<string | null> {
  const current = getToken();
  // Another call renewed it (or the user signed in again) while this one was in flight.
  if (current !== null && current !== stale) return current;
  const refreshToken = readSession()?.refreshToken;
  if (current === null || refreshToken === undefined) return null;
  if (renewal?.stale !== stale) {
    const promise = requestRenewal(refreshToken);
    renewal = { stale, promise };
    // Shared only while in flight; afterwards the stored session tells the answer.
    void promise.finally(() => {
      if (renewal?.promise === promise) renewal = null;
    });
  }
  return renewal.promise;
}

async function requestRenewal(refreshToken: string): Promise<string | null> {
  try {
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    if (!response.ok) return null;
    const payload = (await readBody(response)) as { Data?: { token?: unknown } } | undefined;
    const token = payload?.Data?.token;
    const session = readSession();
    // Only store it if the same session is still signed in: a logout meanwhile wins.
    if (typeof token !== 'string' || token === '' || session?.refreshToken !== refreshToken) return null;
    saveSession({ ...session, token });
    return token;
  } catch {
    return null;
  }
}

function endSession(failedToken: string): void {
  // Already signed out (a logout, or a parallel call got here first), or signed in again since
  // (another tab, or the user was quick): an old token's 401 ends nothing.
  if (getToken() !== failedToken) return;
  clearSession();
  for (const listener of expiryListeners) listener();
}

/**
 * Calls the backend at `path` (which must start with /api/: the SPA and the API share one origin,
 * behind CloudFront in AWS and the Vite proxy or local gateway on one machine).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  if (!path.startsWith('/api/')) throw new Error(`API paths start with /api/, got ${path}`);

  // Read before the first await: a logout fired just before clearing the session still sends it.
  const token = getToken();
  let usedToken = token;
  let response = await send(path, options, token);

  if (response.status === 401 && token !== null && options.onUnauthorized !== 'ignore') {
    // The gateway refused the token before the handler ran, so repeating the call is safe.
    const renewed = await renewedToken(token);
    if (renewed !== null) {
      usedToken = renewed;
      response = await send(path, options, renewed);
    }
    if (response.status === 401) endSession(usedToken ?? token);
  }
  const payload = await readBody(response);

  if (!response.ok) {
    const { message, code } = errorDetails(payload);
    throw new ApiError(message ?? fallbackMessage(response), response.status, code, payload);
  }
  return payload as T;
}

function send(path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
}

/** JSON when the server says so, otherwise undefined (204, empty bodies, HTML error pages). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorDetails(payload: unknown): { message?: string; code?: string } {
  if (typeof payload !== 'object' || payload === null) return {};
  const { message, code } = payload as Record<string, unknown>;
  return {
    message: typeof message === 'string' && message.trim() !== '' ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

// HTTP/2 answers carry no status text, so the status number is the last resort.
function fallbackMessage(response: Response): string {
  return response.statusText.trim() !== ''
    ? response.statusText
    : `Request failed with status ${response.status}`;
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
