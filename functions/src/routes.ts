/**
 * The route table. The CDK stack creates exactly these API Gateway routes (one Lambda per group)
 * and the local gateway serves exactly these, so a route exists in both clouds or in neither.
 * A group's handler lives in `functions/src/http/<group>.ts` and exports `handler`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway path syntax, `{name}` for a path parameter. */
  path: string;
  group: RouteGroup;
  /** `user`: a valid Cognito ID token is required (JWT authorizer); `public`: no authorizer. */
  auth: 'public' | 'user';
}

export const routeGroups = ['system'] as const;
export type RouteGroup = (typeof routeGroups)[number];

export const routes: readonly RouteDef[] = [
  { method: 'GET', path: '/api/health', group: 'system', auth: 'public' },
  { method: 'POST', path: '/api/probes', group: 'system', auth: 'user' },
  { method: 'GET', path: '/api/probes/{id}', group: 'system', auth: 'user' },
];

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;
