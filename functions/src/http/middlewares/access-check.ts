import type middy from '@middy/core';
import { logger } from '../../adapters/logger';
import { authorizeCall } from '../../domain/accounts/access';
import { callerOf, issuedAtOf, type HttpEvent } from '../event';
import type { RouteContext } from '../route-context';

/**
 * The access check of every route that is not public, before its input is read: the organisation
 * comes from the verified token only, and the caller's current row decides (the contract's access
 * rule, functions/src/domain/accounts/access.ts).
 */
export const accessCheck = (): middy.MiddlewareObj<HttpEvent, unknown, Error, RouteContext> => ({
  before: async (request) => {
    const access = request.context.route!.access;
    if (access.kind === 'public') return;
    const caller = callerOf(request.event);
    logger.appendKeys({ orgId: caller.orgId, userId: caller.userId });
    request.context.caller = caller;
    request.context.user = await authorizeCall(
      caller.orgId,
      caller.userId,
      issuedAtOf(request.event),
      access,
    );
  },
});
