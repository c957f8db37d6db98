import type * as z from 'zod';
import type { PermissionFlag } from '../accounts/permissions';

/**
 * What one route of the API is: its method and path (the route key, `'GET /api/team'`), who may
 * call it, the schemas of what it takes (path parameters, query, JSON body) and of the `Data` it
 * answers. The server parses and checks calls with these schemas, the route and access tables are
 * read off them and the web client is typed from them (shared/src/contract/client.ts).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route — the one rule the server enforces (functions/src/domain/accounts/access.ts) and the
 * README's access table documents.
 *
 * - public: no token.
 * - self: any signed-in user acting on their own account (view-only users too).
 *   `duringPasswordChange`: also allowed while the user must still change an administrator-set password.
 * - read: any signed-in user of the organisation; `flag` narrows it.
 * - write: changes the organisation's data: refused to view-only users; `flag` is also required.
 * - mainAdmin: only the organisation's main administrator.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'self'; duringPasswordChange?: boolean }
  | { kind: 'read'; flag?: PermissionFlag }
  | { kind: 'write'; flag?: PermissionFlag }
  | { kind: 'mainAdmin' };

export const anyone = { kind: 'public' } as const;
export const ownAccount = { kind: 'self' } as const;
export const ownAccountDuringPasswordChange = { kind: 'self', duringPasswordChange: true } as const;
export const anyMember = { kind: 'read' } as const;
export const mainAdmin = { kind: 'mainAdmin' } as const;
export const reader = <F extends PermissionFlag>(flag: F) => ({ kind: 'read', flag }) as const;
export const writer = <F extends PermissionFlag>(flag?: F) =>
  (flag ? { kind: 'write', flag } : { kind: 'write' }) as { kind: 'write'; flag?: F };

/** What a route says about itself; method and path come from its key. */
export interface RouteSpec {
  access: RouteAccess;
  /** Path parameters (`{id}` in the path); every one named in the path must be here. */
  params?: z.ZodType<Record<string, string>>;
  /** The query string (values arrive as strings: use z.coerce for numbers). */
  query?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /**
   * The body is the handler's to read (raw bytes, or checks that must come before JSON parsing):
   * the server does not parse it; `body` still types what the client sends.
   */
  rawBody?: boolean;
  /** Bodies longer than this many characters are refused (413) before anything is parsed. */
  maxBodyLength?: number;
  /** The answer's `Data` (`z.null()` for answers that carry only a message). */
  data: z.ZodType;
}

export type RouteKeyString = `${HttpMethod} /api/${string}`;

export type MethodOf<K extends string> = K extends `${infer M extends HttpMethod} ${string}` ? M : never;
export type PathOf<K extends string> = K extends `${HttpMethod} ${infer P}` ? P : never;

export type RouteContract<K extends string = string, S extends RouteSpec = RouteSpec> = S & {
  key: K;
  method: MethodOf<K>;
  path: PathOf<K>;
};
/** Any route of the contract. */
export type AnyRoute = RouteSpec & { key: string; method: HttpMethod; path: string };

/** Names each route's method and path after its key, so they are written once. */
export const defineRoutes = <
  const T extends { [K in keyof T & string]: K extends RouteKeyString ? RouteSpec : never },
>(
  routes: T,
): { [K in keyof T & string]: RouteContract<K, T[K]> } =>
  Object.fromEntries(
    Object.entries(routes).map(([key, spec]) => {
      const [method, path] = key.split(' ');
      return [key, { ...(spec as RouteSpec), key, method, path }];
    }),
  ) as never;

/** Path parameter names of a path: `'/api/uploads/{id}/import'` → `'id'`. */
export type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | ParamNames<Rest>
  : never;

/** What a route takes, as the client sends it (before the server's defaults and transforms). */
export type InputOf<C extends AnyRoute> = ParamsInput<C> & QueryInput<C> & BodyInput<C>;
type ParamsInput<C extends AnyRoute> = [ParamNames<C['path']>] extends [never]
  ? { params?: undefined }
  : { params: C['params'] extends z.ZodType ? z.input<C['params']> : Record<ParamNames<C['path']>, string> };
/** True when every field of T may be left out (then so may T). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{}` is exactly "nothing given"
type AllOptional<T> = {} extends T ? true : false;
type QueryInput<C extends AnyRoute> = C['query'] extends z.ZodType
  ? AllOptional<z.input<C['query']>> extends true
    ? { query?: z.input<C['query']> }
    : { query: z.input<C['query']> }
  : { query?: undefined };
type BodyInput<C extends AnyRoute> = C['body'] extends z.ZodType
  ? AllOptional<z.input<C['body']>> extends true
    ? { body?: z.input<C['body']> }
    : { body: z.input<C['body']> }
  : { body?: undefined };

/** What a route takes, as the server's handler sees it (parsed: defaults filled in, transforms applied). */
export interface ParsedInput<C extends AnyRoute> {
  params: C['params'] extends z.ZodType ? z.output<C['params']> : Record<ParamNames<C['path']>, string>;
  query: C['query'] extends z.ZodType ? z.output<C['query']> : Record<string, never>;
  body: C['rawBody'] extends true ? undefined : C['body'] extends z.ZodType ? z.output<C['body']> : undefined;
}

/** The answer's `Data`. */
export type DataOf<C extends AnyRoute> = z.output<C['data']>;
