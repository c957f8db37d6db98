import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../session';
import { testSession } from '../testing/session';
import { memoryStorage } from '../testing/memoryStorage';
import { publicApi } from './public';

// A real HTTP server on 127.0.0.1 answers; the page's same-origin paths are sent to it by a fetch
// that also records what it was asked (keepalive is between the page and its browser).
interface Seen {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}
let seen: Seen[] = [];
let inits: (RequestInit | undefined)[] = [];
let origin = '';

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
    res.writeHead(202, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Status: 202, message: 'Recorded', Data: null }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const realFetch = globalThis.fetch;
beforeEach(() => {
  seen = [];
  inits = [];
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    inits.push(init);
    return realFetch(origin + String(input), init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const verification = { credentialId: 'urn:uuid:1', verdict: 'verified', method: 'id' } as const;

describe('a public call', () => {
  it('sends no token even when someone is signed in', async () => {
    saveSession(testSession('abc'));
    await expect(publicApi('POST /api/public/verifications', { body: verification })).resolves.toBeNull();
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/api/public/verifications',
        authorization: undefined,
        body: JSON.stringify(verification),
      },
    ]);
  });

  it('passes keepalive to fetch when asked, for a beacon that outlives the page', async () => {
    await publicApi('POST /api/public/verifications', { body: verification }, { keepalive: true });
    expect(inits.at(-1)?.keepalive).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('takes only the routes anyone may call', () => {
    // @ts-expect-error: a member's route needs the session's token
    void (() => publicApi('GET /api/team', {}));
  });
});
