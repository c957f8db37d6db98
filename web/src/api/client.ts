import { getToken } from '../session';

/**
 * A failed API call. `message` is what the server told the user (every error answer carries a
 * user-facing `message`), so pages can show it as is; `status` and `code` let callers react to
 * specific failures without parsing text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Calls the backend at `path` (which must start with /api/: the SPA and the API share one origin,
 * behind CloudFront in AWS and the Vite proxy or local gateway on one machine).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  if (!path.startsWith('/api/')) throw new Error(`API paths start with /api/, got ${path}`);

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  const payload = await readBody(response);

  if (!response.ok) {
    const { message, code } = errorDetails(payload);
    throw new ApiError(message ?? fallbackMessage(response), response.status, code, payload);
  }
  return payload as T;
}

/** JSON when the server says so, otherwise undefined (204, empty bodies, HTML error pages). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorDetails(payload: unknown): { message?: string; code?: string } {
  if (typeof payload !== 'object' || payload === null) return {};
  const { message, code } = payload as Record<string, unknown>;
  return {
    message: typeof message === 'string' && message.trim() !== '' ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

// HTTP/2 answers carry no status text, so the status number is the last resort.
function fallbackMessage(response: Response): string {
  return response.statusText.trim() !== ''
    ? response.statusText
    : `Request failed with status ${response.status}`;
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
