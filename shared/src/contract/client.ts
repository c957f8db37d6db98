import { AppError, errorStatus, type ErrorCode, type FieldIssue } from '../errors';
import type { Contract, RouteKey } from './index';
import type { DataOf, InputOf } from './define';

/**
 * The typed client core: `api('GET /api/team', {})` → the route's `Data`, typed from the contract.
 * It fills in path parameters, encodes the query, sends the body as JSON with the session's token
 * and decodes the `{Status, message, Data}` answer; a failed call throws an ApiError (an AppError
 * of the shared error family) carrying the server's message, code and field details.
 *
 * Only types are read from the contract: the method and path come from the route key, so a web
 * bundle using this carries no schema it does not import itself.
 */
export type ApiInput<K extends RouteKey> = InputOf<Contract[K]>;
export type ApiData<K extends RouteKey> = DataOf<Contract[K]>;
/** The routes anyone may call (access `anyone`): what a caller without a session may send. */
export type PublicRouteKey = {
  [K in RouteKey]: Contract[K]['access'] extends { kind: 'public' } ? K : never;
}[RouteKey];

/** The whole answer, when a caller needs the server's message or status beside `Data`. */
export interface ApiAnswer<K extends RouteKey> {
  status: number;
  message: string;
  data: ApiData<K>;
}

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * What a 401 on a signed-in call means. 'signOut' (the default): after one attempt to renew the
   * token the session is over (`onSessionOver`). 'ignore': the caller expects it (logout of an
   * already revoked session).
   */
  onUnauthorized?: 'signOut' | 'ignore';
  /**
   * Let the request outlive the page (fetch's `keepalive`): a beacon sent as the visitor may be
   * leaving. Browsers cap such bodies at 64 kB.
   */
  keepalive?: boolean;
}

export interface ApiClientOptions {
  /** The fetch to call (the browser's, or a test's). */
  fetch: typeof globalThis.fetch;
  /** The session's ID token, or null when signed out; read once per call, before it is sent. */
  getToken: () => string | null;
  /** Prefix for paths (e.g. `http://127.0.0.1:3000`); '' for the same origin. */
  baseUrl?: string;
  /**
   * A fresh token after a 401 with `stale`, or null when the session cannot be renewed. The call is
   * sent once more with it: the gateway refused the token before any handler ran, so repeating is safe.
   */
  renewToken?: (stale: string) => Promise<string | null>;
  /** Told when a signed-in call ends in 401 that renewal could not cure. */
  onSessionOver?: (failedToken: string) => void;
}

/** A failed call: the server's user-facing message, its code, HTTP status and field details. */
export class ApiError extends AppError {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    code: ErrorCode,
    /** The HTTP status as answered (e.g. 502 for a top-up whose mail failed). */
    readonly httpStatus: number,
    details: FieldIssue[] | undefined,
    /** The decoded answer, when it was JSON (a 502 top-up still carries its `Data`). */
    readonly body: unknown,
  ) {
    super(code, message, { details, status: httpStatus });
  }
}

const codes = new Set<string>(Object.keys(errorStatus));
const codeByStatus = new Map<number, ErrorCode>(
  (Object.entries(errorStatus) as [ErrorCode, number][]).map(([code, status]) => [status, code]),
);

/** The error code of an answer: its own when it names one of ours, else the status's nearest. */
export const errorCodeOf = (status: number, body: unknown): ErrorCode => {
  const code = (body as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && codes.has(code)) return code as ErrorCode;
  return codeByStatus.get(status) ?? (status >= 500 ? 'internal' : 'bad_request');
};

/** `'/api/uploads/{id}/import'` + `{ id: 'u 1' }` → `'/api/uploads/u%201/import'`. */
export const fillPath = (path: string, params: Record<string, string> = {}): string =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });

/** The query string (with its `?`), or '' when there is nothing to send; undefined and null are left out. */
export const queryString = (query: Record<string, unknown> = {}): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const requestPath = (key: string, input: { params?: unknown; query?: unknown } = {}): string => {
  const path = key.slice(key.indexOf(' ') + 1);
  return (
    fillPath(path, input.params as Record<string, string> | undefined) +
    queryString(input.query as Record<string, unknown> | undefined)
  );
};

/** JSON when the server says so, otherwise undefined (empty bodies, HTML error pages). */
const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '' || !(response.headers.get('content-type') ?? '').includes('json')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const detailsOf = (body: unknown): FieldIssue[] | undefined => {
  const details = (body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return undefined;
  return details.filter(
    (d): d is FieldIssue => typeof d?.path === 'string' && typeof d?.message === 'string',
  );
};

const messageOf = (response: Response, body: unknown): string => {
  const message = (body as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string' && message.trim() !== '') return message;
  // HTTP/2 answers carry no status text, so the status number is the last resort.
  return response.statusText.trim() !== ''
    ? response.statusText
    : `Request failed with status ${response.status}`;
};

/** The error an answer that is not 2xx stands for. */
export const errorOf = (response: Response, body: unknown): ApiError =>
  new ApiError(
    messageOf(response, body),
    errorCodeOf(response.status, body),
    response.status,
    detailsOf(body),
    body,
  );

export const createApiClient = (options: ApiClientOptions) => {
  const baseUrl = options.baseUrl ?? '';

  const send = (
    key: string,
    input: { params?: unknown; query?: unknown; body?: unknown },
    token: string | null,
    call: CallOptions,
  ) => {
    const method = key.slice(0, key.indexOf(' '));
    const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    return options.fetch(baseUrl + requestPath(key, input), {
      method,
      headers,
      body,
      signal: call.signal,
      ...(call.keepalive ? { keepalive: true } : {}),
    });
  };

  /** The whole answer (status, message, Data) of one call. */
  const answer = async <K extends RouteKey>(
    key: K,
    input: ApiInput<K>,
    call: CallOptions = {},
  ): Promise<ApiAnswer<K>> => {
    const token = options.getToken();
    let used = token;
    let response = await send(key, input, token, call);
    if (response.status === 401 && token !== null && call.onUnauthorized !== 'ignore') {
      const renewed = options.renewToken ? await options.renewToken(token) : null;
      if (renewed !== null) {
        used = renewed;
        response = await send(key, input, renewed, call);
      }
      if (response.status === 401) options.onSessionOver?.(used ?? token);
    }
    const body = await readBody(response);
    if (!response.ok) throw errorOf(response, body);
    const envelope = (body ?? {}) as { Status?: unknown; message?: unknown; Data?: unknown };
    return {
      status: typeof envelope.Status === 'number' ? envelope.Status : response.status,
      message: typeof envelope.message === 'string' ? envelope.message : '',
      data: (envelope.Data ?? null) as ApiData<K>,
    };
  };

  /** The route's `Data`. */
  const api = async <K extends RouteKey>(
    key: K,
    input: ApiInput<K>,
    call?: CallOptions,
  ): Promise<ApiData<K>> => (await answer(key, input, call)).data;

  return { api, answer };
};

export type ApiClient = ReturnType<typeof createApiClient>;
