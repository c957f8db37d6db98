import { createApiClient } from '@proofmark/shared/contract/client';
import { clearSession, getToken, readSession, saveSession } from '../session';
import { publicApi } from './public';
import { takeReadAhead } from './readAhead';

export { ApiError, type ApiAnswer, type ApiData, type ApiInput, type CallOptions } from '@proofmark/shared/contract/client';

/**
 * The web app's API client: `api('GET /api/team', {})` answers the route's `Data`, typed from the
 * contract (shared/src/contract/); `answer(...)` also gives the server's status and message. The SPA
 * and the API share one origin (CloudFront in AWS, the Vite proxy or local gateway on one machine),
 * so paths need no prefix. The session's token goes with every call; a 401 renews it once with the
 * refresh token, and a 401 renewal cannot cure ends the session (onSessionExpired).
 */

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
    // A public call: it carries no ID token (that is the one gone stale) and must not renew itself.
    const { token } = await publicApi('POST /api/auth/refresh', { body: { refreshToken } });
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

// The global fetch is looked up per call, so tests can stub it. A read the entry started ahead
// (readAhead.ts) is taken instead of asking the server a second time.
export const { api, answer } = createApiClient({
  fetch: (input, init) => (typeof input === 'string' ? takeReadAhead(input, init) : undefined) ?? fetch(input, init),
  getToken,
  renewToken: renewedToken,
  onSessionOver: endSession,
});
