import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiRequest } from './client';
import { saveSession } from '../session';
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

describe('apiRequest', () => {
  it('sends no Authorization header when signed out', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await expect(api.get('/api/health')).resolves.toEqual({ ok: true });
    expect(lastCall().url).toBe('/api/health');
    expect(lastCall().init.method).toBe('GET');
    expect(lastCall().headers.Authorization).toBeUndefined();
  });

  it('adds the bearer token when signed in and sends JSON bodies', async () => {
    saveSession({
      token: 'abc',
      user_id: 'u',
      organization_verify_uri: '',
      organization_name: '',
      fname: '',
      lname: '',
      email: '',
    });
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 1 }));
    await api.post('/api/probes', { name: 'x' });
    const { init, headers } = lastCall();
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"x"}');
  });

  it("turns an error answer into an ApiError carrying the server's message and code", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { code: 'BAD_EMAIL', message: 'Email is not valid' }, 'Bad Request'),
    );
    const error = await api.post('/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Email is not valid', status: 400, code: 'BAD_EMAIL' });
  });

  it('falls back to the status text when the body has no message', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: 'Bad Gateway', status: 502 });
  });

  it('names the status when there is no status text either (HTTP/2)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, {}));
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: 'Request failed with status 503' });
  });

  it('resolves to undefined for empty answers', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/api/x/1')).resolves.toBeUndefined();
  });

  it('refuses paths outside /api/', async () => {
    await expect(apiRequest('/login')).rejects.toThrow(/\/api\//);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
