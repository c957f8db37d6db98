import { findRoute, paths, routeTable } from './routeTable';

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; to: string };

/**
 * Decides whether the screen at `pathname` may render for a visitor with or without a session.
 * Pure so the rules can be tested without a browser; RouteGuard applies the decision.
 *
 * Unknown paths are allowed so that the 404 page renders: sending a mistyped address to /login
 * would hide the real problem from the visitor.
 *
 * A user whose password an administrator set (`mustChangePassword`) is kept on /ChangePassword:
 * the server refuses them everything else until they have chosen their own. Public pages stay open.
 */
export function decideRoute(pathname: string, hasToken: boolean, mustChangePassword = false): GuardDecision {
  const id = findRoute(pathname);
  if (id === undefined) return { action: 'allow' };

  const { access } = routeTable[id];
  if (hasToken && mustChangePassword && id !== 'changePassword' && access !== 'public') {
    return { action: 'redirect', to: paths.changePassword };
  }
  if (access === 'private' && !hasToken) return { action: 'redirect', to: paths.login };
  if (access === 'guest' && hasToken) return { action: 'redirect', to: paths.dashboard };
  return { action: 'allow' };
}
