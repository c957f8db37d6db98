import { contract, type RouteKey } from '../contract';
import type { RouteAccess } from '../contract/define';

export type { RouteAccess, RouteKey };

/**
 * Who may call each route, read off the contract (shared/src/contract/): the table the README
 * documents (scripts/access-table.ts).
 */
export const routeAccess = Object.fromEntries(
  Object.entries(contract).map(([key, route]) => [key, route.access]),
) as { [K in RouteKey]: (typeof contract)[K]['access'] };
