import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { AppError } from '../errors';
import {
  ApiError,
  createApiClient,
  fillPath,
  queryString,
  requestPath,
  type ApiData,
  type PublicRouteKey,
} from './client';

// A real HTTP server on 127.0.0.1 stands in for the API: each test says what it answers next and
// reads back what the client sent.
interface Seen {
  method: string;
  url: string;
  authorization?: string;
  contentType?: string;
  body: string;
}
type Answer = { status: number; body?: unknown; raw?: string; type?: string };
let answers: Answer[] = [];
let seen: Seen[] = [];
let baseUrl = '';

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body,
    });
    const answer = answers.shift() ?? { status: 500, raw: 'no answer set' };
    res.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' });
    res.end(answer.raw ?? JSON.stringify(answer.body));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers = [];
  seen = [];
});

const client = (token: string | null = null, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) =>
  createApiClient({ fetch: globalThis.fetch, getToken: () => token, baseUrl, ...extra });

describe('paths and queries', () => {
  it('fills path parameters, encoded', () => {
    expect(fillPath('/api/uploads/{id}/import', { id: 'a b/c' })).toBe('/api/uploads/a%20b%2Fc/import');
    expect(() => fillPath('/api/uploads/{id}', {})).toThrow(/id/);
  });

  it('encodes the query and leaves out absent values', () => {
    expect(queryString({ cohort: 'A&B', page: 2, search: undefined, x: null })).toBe('?cohort=A%26B&page=2');
    expect(queryString({})).toBe('');
    expect(requestPath('GET /api/workspace/runs/{id}', { params: { id: 'r1' }, query: { limit: 5 } })).toBe(
      '/api/workspace/runs/r1?limit=5',
    );
  });
});

describe('a call', () => {
  it('sends method, path, query, token and JSON body, and answers Data', async () => {
    answers.push({ status: 201, body: { Status: 201, message: 'Added', Data: { user_id: 'u1' } } });
    const data = await client('tok').api('POST /api/team', {
      body: { firstname: 'Ada', lastname: 'L', email: 'ada@example.org', job_title: 'MIS Manager' },
    });
    expect(data).toEqual({ user_id: 'u1' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/team',
      authorization: 'Bearer tok',
      contentType: 'application/json',
    });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ firstname: 'Ada', email: 'ada@example.org' });
  });

  it('gives the whole answer when asked, and null Data for a message-only answer', async () => {
    answers.push({ status: 200, body: { Status: 200, message: 'Signed out.', Data: null } });
    const answer = await client('tok').answer('POST /api/auth/logout', {});
    expect(answer).toEqual({ status: 200, message: 'Signed out.', data: null });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/auth/logout', body: '' });
  });

  it('asks fetch to keep the request alive past the page only when told to', async () => {
    // The real fetch, recording what it was given: keepalive is a browser matter no server sees.
    const inits: (RequestInit | undefined)[] = [];
    const recording = client(null, {
      fetch: (input, init) => {
        inits.push(init);
        return globalThis.fetch(input, init);
      },
    });
    const body = { credentialId: 'urn:uuid:1', verdict: 'verified', method: 'id' } as const;
    answers.push({ status: 202, body: { Status: 202, message: 'Recorded', Data: null } });
    await recording.api('POST /api/public/verifications', { body }, { keepalive: true });
    answers.push({ status: 202, body: { Status: 202, message: 'Recorded', Data: null } });
    await recording.api('POST /api/public/verifications', { body });
    expect(inits.map((init) => init?.keepalive)).toEqual([true, undefined]);
    expect(seen.map((s) => JSON.parse(s.body))).toEqual([body, body]);
  });

  it('substitutes path parameters and encodes the query of GET routes', async () => {
    answers.push({ status: 200, body: { Status: 200, message: 'Success', Data: { runs: [] } } });
    await client('tok').api('GET /api/workspace/runs', { query: { limit: 5 } });
    answers.push({ status: 200, body: { Status: 200, message: 'Success', Data: { id: 'x' } } });
    await client('tok').api('GET /api/uploads/{id}', { params: { id: 'up 1' } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/workspace/runs?limit=5',
      'GET /api/uploads/up%201',
    ]);
  });
});

describe('a failed call', () => {
  it('throws the server error envelope as an ApiError of the shared family', async () => {
    answers.push({
      status: 400,
      body: {
        Status: 400,
        message: 'Please enter a valid email address.',
        code: 'bad_request',
        details: [{ path: 'email', message: 'Please enter a valid email address.' }],
      },
    });
    const error = await client()
      .api('POST /api/auth/forgot', { body: { email: 'nope' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      message: 'Please enter a valid email address.',
      code: 'bad_request',
      status: 400,
      details: [{ path: 'email', message: 'Please enter a valid email address.' }],
    });
  });

  it('keeps an answer status the error family has no code for, and its body', async () => {
    const body = { Status: 502, message: 'The mail could not be sent.', Data: { sent: false, balance: 3 } };
    answers.push({ status: 502, body });
    const error = (await client('tok')
      .api('POST /api/balance/top-up', { body: { amount: 10 } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ message: 'The mail could not be sent.', code: 'internal', status: 502 });
    expect(error.body).toEqual(body);
  });

  it('names the status when the answer is not JSON', async () => {
    answers.push({ status: 503, raw: '<html>down</html>', type: 'text/html' });
    await expect(client().api('GET /api/health', {})).rejects.toMatchObject({
      code: 'unavailable',
      status: 503,
      message: expect.stringMatching(/503|Service Unavailable/),
    });
  });
});

describe('a 401 on a signed-in call', () => {
  it('renews the token once and repeats the call with it', async () => {
    answers.push({ status: 401, body: { message: 'Unauthorized' } });
    answers.push({ status: 200, body: { Status: 200, message: 'Success', Data: { balance: 7 } } });
    const over: string[] = [];
    const data = await client('old', {
      renewToken: async (stale) => (stale === 'old' ? 'new' : null),
      onSessionOver: (t) => over.push(t),
    }).api('GET /api/balance', {});
    expect(data).toEqual({ balance: 7 });
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(over).toEqual([]);
  });

  it('ends the session when renewal cannot cure it', async () => {
    answers.push({ status: 401, body: { message: 'Unauthorized' } });
    const over: string[] = [];
    await expect(
      client('old', { renewToken: async () => null, onSessionOver: (t) => over.push(t) }).api(
        'GET /api/balance',
        {},
      ),
    ).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    expect(over).toEqual(['old']);
  });

  it('is left alone when the caller expects it', async () => {
    answers.push({ status: 401, body: { message: 'Unauthorized' } });
    const over: string[] = [];
    await expect(
      client('old', { renewToken: async () => 'new', onSessionOver: (t) => over.push(t) }).api(
        'POST /api/auth/logout',
        {},
        { onUnauthorized: 'ignore' },
      ),
    ).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
    expect(over).toEqual([]);
  });
});

describe('types read off the contract', () => {
  it('types Data and input per route', () => {
    expectTypeOf<ApiData<'GET /api/balance'>>().toEqualTypeOf<{ balance: number }>();
    expectTypeOf<ApiData<'POST /api/auth/logout'>>().toEqualTypeOf<null>();
    expectTypeOf<'POST /api/public/verifications'>().toExtend<PublicRouteKey>();
    expectTypeOf<'POST /api/auth/refresh'>().toExtend<PublicRouteKey>();
    expectTypeOf<'GET /api/team'>().not.toExtend<PublicRouteKey>();
    const { api } = client();
    // @ts-expect-error: a route that takes an id needs it
    void (() => api('GET /api/uploads/{id}', {}));
    // @ts-expect-error: not a route of the contract
    void (() => api('GET /api/nope', {}));
    // @ts-expect-error: the body's fields are typed
    void (() => api('POST /api/team/remove', { body: { mail: 'x' } }));
  });
});
