import type middy from '@middy/core';
import type { AnyRoute } from '@proofmark/shared/contract/define';
import { notFound } from '@proofmark/shared/errors';
import type { HttpEvent } from '../event';
import type { RouteContext } from '../route-context';

/**
 * Finds the called route among the group's (API Gateway's route key, `'GET /api/health'`, set by
 * both clouds from the route table); a route the group does not serve is a 404.
 */
export const routeLookup = (
  routes: Readonly<Record<string, AnyRoute>>,
  served: ReadonlySet<string>,
): middy.MiddlewareObj<HttpEvent, unknown, Error, RouteContext> => ({
  before: async (request) => {
    const key = request.event.routeKey;
    const route = Object.hasOwn(routes, key) ? routes[key] : undefined;
    if (!route || !served.has(key)) throw notFound();
    request.context.route = route;
  },
});
