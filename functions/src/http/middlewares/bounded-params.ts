import type middy from '@middy/core';
import { badRequest } from '@proofmark/shared/errors';
import type { HttpEvent } from '../event';

/** No id or query value of ours comes near this; longer ones are refused before any lookup. */
export const MAX_PARAM_LENGTH = 256;

/**
 * Bounds every path parameter and query value before anything reads them, so an over-long or
 * control-character id is a clear 400, never a failed lookup (500).
 */
export const boundedParams = (): middy.MiddlewareObj<HttpEvent> => ({
  before: async ({ event }) => {
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
  },
});
