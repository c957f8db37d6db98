import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, onSessionExpired } from './client';
import { getToken, readSession, saveSession } from '../session';
import type { Session } from '../session';
import { testSession } from '../testing/session';
import { memoryStorage } from '../testing/memoryStorage';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

function lastCall(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the web client', () => {
  it('sends no Authorization header when signed out', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { Data: { ok: true } }));
    await expect(api('GET /api/health', {})).resolves.toEqual({ ok: true });
    expect(lastCall().url).toBe('/api/health');
    expect(lastCall().init.method).toBe('GET');
    expect(lastCall().headers.Authorization).toBeUndefined();
  });

  it('adds the bearer token when signed in and sends JSON bodies', async () => {
    saveSession(testSession('abc'));
    fetchMock.mockResolvedValue(jsonResponse(200, { Data: { id: 1 } }));
    await api('POST /api/keys', { body: { blockchain: 'bitcoin' } });
    const { init, headers } = lastCall();
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"blockchain":"bitcoin"}');
  });
});

describe('a 401 on a signed-in call', () => {
  const signedIn = (extra: Partial<Session> = {}): void => saveSession(testSession('old', extra));
  const unauthorized = () => jsonResponse(401, { message: 'Unauthorized' });

  it('ends the session and tells the listeners when there is no refresh token', async () => {
    signedIn();
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    fetchMock.mockResolvedValue(unauthorized());
    await expect(api('GET /api/team', {})).rejects.toMatchObject({ status: 401 });
    expect(readSession()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });

  it('renews the token once with the refresh token and repeats the call', async () => {
    signedIn({ refreshToken: 'r-1' });
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(jsonResponse(200, { Status: 200, message: 'Success', Data: { token: 'new' } }))
      .mockResolvedValueOnce(jsonResponse(200, { Data: [1] }));
    await expect(api('GET /api/team', {})).resolves.toEqual([1]);
    const [refreshUrl, refreshInit] = fetchMock.mock.calls[1] ?? [];
    expect(refreshUrl).toBe('/api/auth/refresh');
    expect(refreshInit?.body).toBe('{"refreshToken":"r-1"}');
    expect(lastCall().headers.Authorization).toBe('Bearer new');
    expect(getToken()).toBe('new');
    expect(readSession()?.refreshToken).toBe('r-1');
    expect(expired).not.toHaveBeenCalled();
    stop();
  });

  it('ends the session when the renewal is refused', async () => {
    signedIn({ refreshToken: 'revoked' });
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized());
    await expect(api('POST /api/team/remove', { body: { email: 'a@b.c' } })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(readSession()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });

  it('shares one renewal between calls that fail together', async () => {
    signedIn({ refreshToken: 'r-2' });
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/refresh') return jsonResponse(200, { Data: { token: 'fresh' } });
      const auth = (init?.headers as Record<string, string>).Authorization;
      return auth === 'Bearer fresh' ? jsonResponse(200, { Data: [] }) : unauthorized();
    });
    await Promise.all([api('GET /api/team', {}), api('GET /api/keys', {}), api('GET /api/transactions', {})]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('leaves the session alone when the caller expects a 401 (logout)', async () => {
    signedIn({ refreshToken: 'r' });
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    fetchMock.mockResolvedValue(unauthorized());
    await expect(api('POST /api/auth/logout', {}, { onUnauthorized: 'ignore' })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('old');
    expect(expired).not.toHaveBeenCalled();
    stop();
  });

  it('retries with a session that replaced the failed one while the call was in flight', async () => {
    signedIn();
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    fetchMock
      .mockImplementationOnce(async () => {
        signedIn({ token: 'newer' });
        return unauthorized();
      })
      .mockResolvedValueOnce(jsonResponse(200, { Data: [] }));
    await expect(api('GET /api/team', {})).resolves.toEqual([]);
    expect(lastCall().headers.Authorization).toBe('Bearer newer');
    expect(getToken()).toBe('newer');
    expect(expired).not.toHaveBeenCalled();
    stop();
  });

  it('does nothing special for a 401 without a session (wrong call, not an expiry)', async () => {
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    fetchMock.mockResolvedValue(unauthorized());
    await expect(api('GET /api/auth/me', {})).rejects.toMatchObject({ status: 401 });
    expect(expired).not.toHaveBeenCalled();
    stop();
  });
});
