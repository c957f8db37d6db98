import middy from '@middy/core';
import type { AnyRoute, DataOf, ParsedInput } from '@proofmark/shared/contract/define';
import type { UserRecord } from '../domain/accounts/users';
import type { Caller, HttpEvent } from './event';
import { accessCheck } from './middlewares/access-check';
import { boundedParams } from './middlewares/bounded-params';
import { errorReply } from './middlewares/error-reply';
import { inputParsing } from './middlewares/input-parsing';
import { requestLogging } from './middlewares/request-logging';
import { routeLookup } from './middlewares/route-lookup';
import { jsonReply, rawReply, type HttpResult } from './reply';
import type { RouteContext } from './route-context';

/** What a handler answers: `Data` as the contract types it (omitted when the route answers none). */
export type Reply<C extends AnyRoute> = {
  /** 200 unless said (201 created, 202 queued, 502/503 with Data). */
  status?: number;
  message?: string;
  headers?: Record<string, string>;
  /**
   * Answer this body instead of the JSON envelope (a CSV download, the tracking pixel, a redirect's
   * empty body); only for routes whose contract `Data` is null.
   */
  raw?: null extends DataOf<C> ? RawBody : never;
} & (null extends DataOf<C> ? { data?: DataOf<C> } : { data: DataOf<C> });

export interface RawBody {
  contentType: string;
  body: string | Uint8Array;
}

/** What a handler is given beside its input: the event, and on signed-in routes the caller and their row. */
export type CallContext<C extends AnyRoute> = { event: HttpEvent } & (C['access'] extends { kind: 'public' }
  ? object
  : { caller: Caller; user: UserRecord });

export type RouteHandler<C extends AnyRoute> = (
  input: ParsedInput<C>,
  ctx: CallContext<C>,
) => Promise<Reply<C>>;

export type GroupHandlers<R extends Record<string, AnyRoute>> = { [K in keyof R]?: RouteHandler<R[K]> };

/**
 * One Lambda per route group: the contract's routes it serves, each with its handler. A call goes
 * through the middlewares in this order — logging keys, route lookup, parameter bounds, access
 * check, input parsing — then the handler; any failure becomes the error envelope (errorReply).
 */
export const httpGroup = <R extends Record<string, AnyRoute>>(routes: R, handlers: GroupHandlers<R>) => {
  const served = new Set(Object.keys(handlers));
  const lambda = middy<HttpEvent, HttpResult, Error, RouteContext>()
    .use(requestLogging())
    .use(errorReply())
    .use(routeLookup(routes, served))
    .use(boundedParams())
    .use(accessCheck())
    .use(inputParsing())
    .handler(async (event, context) => {
      const handle = handlers[event.routeKey] as unknown as RouteHandler<AnyRoute>;
      const { caller, user, input } = context;
      const reply = (await handle(
        input as ParsedInput<AnyRoute>,
        { event, caller, user } as CallContext<AnyRoute>,
      )) as {
        status?: number;
        message?: string;
        data?: unknown;
        headers?: Record<string, string>;
        raw?: RawBody;
      };
      const status = reply.status ?? 200;
      if (reply.raw) return rawReply(status, reply.raw.contentType, reply.raw.body, reply.headers);
      return jsonReply(
        status,
        { Status: status, message: reply.message ?? 'Success', Data: reply.data ?? null },
        reply.headers,
      );
    });
  return Object.assign(lambda, { routeKeys: [...served] });
};
