import type middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../../adapters/logger';
import type { HttpEvent } from '../event';

/**
 * Structured logs for a call: Powertools adds the Lambda context, we add the request id and the
 * route (the access check adds the organisation and the user); all are cleared when the call ends.
 */
export const requestLogging = (): middy.MiddlewareObj<HttpEvent> => {
  const context = injectLambdaContext(logger, { resetKeys: true });
  return {
    ...context,
    before: async (request) => {
      await context.before?.(request as never);
      logger.appendKeys({
        requestId: request.event.requestContext?.requestId,
        route: request.event.routeKey,
      });
    },
  };
};
