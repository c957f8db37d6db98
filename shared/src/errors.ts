/**
 * The one error family. Domain code throws AppError; handlers map it to HTTP. Only 4xx messages
 * reach clients — anything else becomes "internal error" and its cause is logged.
 */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export interface FieldIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: FieldIssue[];
  /** The HTTP status: the code's, unless an answer said otherwise (a client decoding a 502). */
  readonly status: number;

  constructor(
    code: ErrorCode,
    message: string,
    options?: { cause?: unknown; details?: FieldIssue[]; status?: number },
  ) {
    super(message, { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options?.details;
    this.status = options?.status ?? errorStatus[code];
  }
}

export const badRequest = (message: string, details?: FieldIssue[]) =>
  new AppError('bad_request', message, { details });
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError('forbidden', message);
export const notFound = (message = 'Not found.') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const unauthorized = (message = 'Please sign in again.') => new AppError('unauthorized', message);
