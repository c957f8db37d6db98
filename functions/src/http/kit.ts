import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { AppError, badRequest, unauthorized } from '@proofmark/shared/errors';
import { routeAccess, type RouteKey } from '@proofmark/shared/api/route-access';
import { authorizeCall } from '../domain/access';
import type { UserRecord } from '../domain/users';

/** An HTTP API (v2) event, with the claims the JWT authorizer passes on authenticated routes. */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: {
      jwt?: { claims: Record<string, string | number | boolean | string[]>; scopes: string[] | null };
    };
  };
};

/** Who is calling, from verified token claims only — never from the body or a header. */
export interface Caller {
  orgId: string;
  userId: string;
  email: string;
  isAdmin: boolean;
}

export interface Reply {
  status?: number;
  message?: string;
  data?: unknown;
  headers?: Record<string, string>;
}

/** What a handler of an authenticated route gets: the verified caller and their current user row. */
export interface CallContext {
  caller: Caller;
  user: UserRecord;
}

export type PublicHandler = (event: HttpEvent) => Promise<Reply>;
export type UserHandler = (event: HttpEvent, ctx: CallContext) => Promise<Reply>;

export const callerOf = (event: HttpEvent): Caller => {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const orgId = claims?.['custom:org_id'];
  const userId = claims?.sub;
  if (typeof orgId !== 'string' || !orgId || typeof userId !== 'string') throw unauthorized();
  return {
    orgId,
    userId,
    email: typeof claims?.email === 'string' ? claims.email : '',
    isAdmin: claims?.['custom:is_admin'] === '1',
  };
};

/** The client's address as API Gateway saw it (the browser calls no IP service). */
export const sourceIpOf = (event: HttpEvent): string => event.requestContext.http.sourceIp;

/** No id or query value of ours comes near this; longer ones are refused before any lookup. */
export const MAX_PARAM_LENGTH = 256;

export const pathParam = (event: HttpEvent, name: string): string => {
  const value = event.pathParameters?.[name];
  if (!value) throw badRequest(`Missing ${name}.`);
  return value;
};

/**
 * Bounds every path parameter and query value before a handler sees it, so an over-long or
 * control-character id is a clear 400, never a failed lookup (500).
 */
const checkParams = (event: HttpEvent) => {
  const params = [
    ...Object.entries(event.pathParameters ?? {}),
    ...Object.entries(event.queryStringParameters ?? {}),
  ];
  for (const [name, value] of params) {
    if (value === undefined) continue;
    if (value.length > MAX_PARAM_LENGTH)
      throw badRequest(`${name} is too long (at most ${MAX_PARAM_LENGTH} characters).`, [
        { path: name, message: `At most ${MAX_PARAM_LENGTH} characters.` },
      ]);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    if (/[\u0000-\u001f\u007f]/.test(value))
      throw badRequest(`${name} contains control characters.`, [
        { path: name, message: 'Control characters are not allowed.' },
      ]);
  }
};

const parseWith = <S extends z.ZodTypeAny>(schema: S, raw: unknown): z.infer<S> => {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest(details[0]?.message ?? 'Invalid request.', details);
  }
  return parsed.data;
};

/** Parses the query string with a shared schema; a bad query is a 400 that names each field. */
export const parseQuery = <S extends z.ZodTypeAny>(event: HttpEvent, schema: S): z.infer<S> =>
  parseWith(schema, event.queryStringParameters ?? {});

/** Parses a JSON body with a shared schema; a bad body is a 400 that names each field. */
export const parseBody = <S extends z.ZodTypeAny>(event: HttpEvent, schema: S): z.infer<S> => {
  let raw: unknown = {};
  if (event.body) {
    const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    try {
      raw = JSON.parse(text);
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
  }
  return parseWith(schema, raw);
};

const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify(body),
});

export const errorReply = (err: unknown): APIGatewayProxyStructuredResultV2 => {
  if (err instanceof AppError && err.status < 500) {
    return json(err.status, {
      Status: err.status,
      message: err.message,
      code: err.code,
      details: err.details,
    });
  }
  const status = err instanceof AppError ? err.status : 500;
  console.error(
    JSON.stringify({
      level: 'error',
      msg: 'request failed',
      error: String(err),
      cause: String((err as Error)?.cause ?? ''),
      stack: (err as Error)?.stack,
    }),
  );
  return json(status, { Status: status, message: 'internal error', code: 'internal' });
};

/**
 * One Lambda per route group: dispatches on the API Gateway route key ("GET /api/health"), which
 * both the real HTTP API and the local gateway set from the shared route table. Every authenticated
 * route passes the access check of shared/src/api/route-access.ts here, before its handler runs.
 */
type HandlerFor<K extends RouteKey> = (typeof routeAccess)[K] extends { kind: 'public' }
  ? PublicHandler
  : UserHandler;
export type GroupHandlers = { [K in RouteKey]?: HandlerFor<K> };

export const httpGroup = (handlers: GroupHandlers) =>
  Object.assign(httpGroupHandler(handlers), { routeKeys: Object.keys(handlers) as RouteKey[] });

const httpGroupHandler = (handlers: GroupHandlers) =>
  middy<HttpEvent, APIGatewayProxyStructuredResultV2>()
    .handler(async (event) => {
      const key = event.routeKey as RouteKey;
      const handle = handlers[key];
      const access = routeAccess[key];
      if (!handle || !access) return json(404, { Status: 404, message: 'Not found.', code: 'not_found' });
      checkParams(event);
      let reply: Reply;
      if (access.kind === 'public') {
        reply = await (handle as PublicHandler)(event);
      } else {
        const caller = callerOf(event);
        const issuedAt = Number(event.requestContext.authorizer?.jwt?.claims.iat ?? 0);
        const user = await authorizeCall(caller.orgId, caller.userId, issuedAt, access);
        reply = await (handle as UserHandler)(event, { caller, user });
      }
      const status = reply.status ?? 200;
      return json(
        status,
        { Status: status, message: reply.message ?? 'Success', Data: reply.data ?? null },
        reply.headers,
      );
    })
    .onError(async (request) => {
      request.response = errorReply(request.error);
    });
