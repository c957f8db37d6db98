import type middy from '@middy/core';
import { AppError } from '@proofmark/shared/errors';
import { logger } from '../../adapters/logger';
import { jsonReply, type HttpResult } from '../reply';

/**
 * Any failure → the error envelope `{Status, message, code, details?}` with its HTTP status. Only
 * 4xx messages reach clients; a 5xx answers "internal error" and its cause is logged.
 *
 * Ours rather than @middy/http-error-handler: that one answers the bare message (text, or the
 * message string as the body), turns every unexposed status into 500 and knows nothing of `code`
 * and `details`, so it cannot produce this envelope.
 */
export const errorReply = (): middy.MiddlewareObj<unknown, HttpResult> => ({
  onError: async (request) => {
    const err = request.error;
    if (err instanceof AppError && err.status < 500) {
      request.response = jsonReply(err.status, {
        Status: err.status,
        message: err.message,
        code: err.code,
        details: err.details,
      });
      return;
    }
    const status = err instanceof AppError ? err.status : 500;
    logger.error('request failed', {
      status,
      error: err ?? undefined,
      cause: err?.cause === undefined ? undefined : String(err.cause),
    });
    request.response = jsonReply(status, { Status: status, message: 'internal error', code: 'internal' });
  },
});
