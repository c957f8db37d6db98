import { describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import { authRoutes } from '@proofmark/shared/contract/auth';
import { publicRoutes } from '@proofmark/shared/contract/public';
import { systemRoutes } from '@proofmark/shared/contract/system';
import { badRequest } from '@proofmark/shared/errors';
import { captureLogs } from '../adapters/log-capture';
import type { HttpEvent } from './event';
import { httpGroup } from './route-group';

const event = (routeKey: string, init: Partial<HttpEvent> = {}): HttpEvent =>
  ({
    version: '2.0',
    routeKey,
    rawPath: routeKey.split(' ')[1],
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-1',
      routeKey,
      http: { method: routeKey.split(' ')[0], path: routeKey.split(' ')[1], sourceIp: '127.0.0.1' },
    },
    ...init,
  }) as unknown as HttpEvent;

const context = { awsRequestId: 'aws-1', functionName: 'test-group' } as Context;

const { errors } = captureLogs();
const bodyOf = (res: { body?: string }) => JSON.parse(res.body ?? '') as Record<string, unknown>;

describe('an HTTP group', () => {
  it('answers a handler failure as a logged 5xx "internal error", without the cause', async () => {
    const handler = httpGroup(systemRoutes, {
      'GET /api/health': async () => {
        throw new Error('table secret-table is gone', { cause: new Error('socket hang up') });
      },
    });
    const res = await handler(event('GET /api/health'), context);
    expect(res.statusCode).toBe(500);
    expect(bodyOf(res)).toEqual({ Status: 500, message: 'internal error', code: 'internal' });
    expect(res.body).not.toContain('secret-table');
    const logs = errors();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      message: 'request failed',
      requestId: 'req-1',
      route: 'GET /api/health',
    });
    expect(JSON.stringify(logs[0])).toContain('secret-table');
    expect(JSON.stringify(logs[0])).toContain('socket hang up');
  });

  it('keeps a 4xx message and its details, and logs nothing', async () => {
    const handler = httpGroup(systemRoutes, {
      'GET /api/health': async () => {
        throw badRequest('That will not do.', [{ path: 'x', message: 'Not x.' }]);
      },
    });
    const res = await handler(event('GET /api/health'), context);
    expect(res.statusCode).toBe(400);
    expect(bodyOf(res)).toEqual({
      Status: 400,
      message: 'That will not do.',
      code: 'bad_request',
      details: [{ path: 'x', message: 'Not x.' }],
    });
    expect(errors()).toEqual([]);
  });

  it('wraps what a handler answers in the envelope', async () => {
    const handler = httpGroup(authRoutes, {
      'POST /api/auth/refresh': async ({ body }) => ({
        status: 201,
        message: 'Fresh',
        data: { token: body.refreshToken },
      }),
    });
    const res = await handler(
      event('POST /api/auth/refresh', { body: JSON.stringify({ refreshToken: 'r1' }) }),
      context,
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers).toMatchObject({ 'cache-control': 'no-store' });
    expect(bodyOf(res)).toEqual({ Status: 201, message: 'Fresh', Data: { token: 'r1' } });
  });

  it('refuses a bad body with a 400 naming each field, before the handler runs', async () => {
    const seen: unknown[] = [];
    const handler = httpGroup(authRoutes, {
      'POST /api/auth/confirm': async (input) => {
        seen.push(input);
        return {};
      },
    });
    const res = await handler(event('POST /api/auth/confirm', { body: '{"email":"nope"}' }), context);
    expect(res.statusCode).toBe(400);
    expect((bodyOf(res).details as { path: string }[]).map((d) => d.path).sort()).toEqual(['code', 'email']);
    const notJson = await handler(event('POST /api/auth/confirm', { body: '{' }), context);
    expect(bodyOf(notJson)).toMatchObject({ Status: 400, message: 'The request body is not valid JSON.' });
    expect(seen).toEqual([]);
  });

  it('refuses a body over the route limit (413) before parsing it, and validates path parameters', async () => {
    const handler = httpGroup(publicRoutes, {
      'POST /api/public/verifications': async () => ({ status: 202 }),
      'POST /api/public/chain/{network}': async () => ({ data: { jsonrpc: '2.0' as const, id: 1 } }),
    });
    const big = await handler(
      event('POST /api/public/verifications', { body: JSON.stringify({ credentialId: 'x'.repeat(3000) }) }),
      context,
    );
    expect(bodyOf(big)).toMatchObject({ Status: 413, code: 'payload_too_large' });
    const network = await handler(
      event('POST /api/public/chain/{network}', { pathParameters: { network: '../etc' }, body: '{}' }),
      context,
    );
    expect(bodyOf(network)).toMatchObject({ Status: 400, message: 'Unknown network.' });
  });

  it('bounds path parameters and query values (400, never a lookup)', async () => {
    const handler = httpGroup(authRoutes, { 'POST /api/auth/confirm': async () => ({}) });
    const long = await handler(
      event('POST /api/auth/confirm', { queryStringParameters: { x: 'a'.repeat(257) } }),
      context,
    );
    expect(long.statusCode).toBe(400);
    expect(bodyOf(long).details).toEqual([{ path: 'x', message: 'At most 256 characters.' }]);
    const control = await handler(
      event('POST /api/auth/confirm', { queryStringParameters: { x: 'a\u0000b' } }),
      context,
    );
    expect(bodyOf(control)).toMatchObject({ Status: 400, message: 'x contains control characters.' });
  });

  it('refuses a signed-in route without verified claims (401) and a route it does not serve (404)', async () => {
    const handler = httpGroup(authRoutes, { 'GET /api/auth/me': async () => ({ data: undefined as never }) });
    expect((await handler(event('GET /api/auth/me'), context)).statusCode).toBe(401);
    const other = await handler(event('POST /api/auth/login'), context);
    expect(other.statusCode).toBe(404);
    expect(bodyOf(other)).toEqual({ Status: 404, message: 'Not found.', code: 'not_found' });
    expect(handler.routeKeys).toEqual(['GET /api/auth/me']);
  });
});

describe('handler types', () => {
  it('refuse a handler that answers something other than the contract says', () => {
    // Compiled, not run: the type check (npm run typecheck) fails if these are accepted.
    const check = () => {
      httpGroup(systemRoutes, {
        // @ts-expect-error: Data must be the health answer
        'GET /api/health': async () => ({ data: { status: 'fine' } }),
      });
      httpGroup(authRoutes, {
        // @ts-expect-error: the session answer has no room for a missing Data
        'POST /api/auth/login': async () => ({ message: 'Signed in.' }),
        // @ts-expect-error: the parsed body has no such field
        'POST /api/auth/confirm': async ({ body }) => ({ data: body.password }),
      });
    };
    expect(typeof check).toBe('function');
  });
});
