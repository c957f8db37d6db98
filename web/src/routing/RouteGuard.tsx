import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../session';
import { decideRoute } from './guard';
import { paths } from './routeTable';

/** Where the login screen should send the user back to once they have signed in. */
export interface LoginRedirectState {
  from?: { pathname: string; search: string; hash: string };
  /** A success note to show above the form (e.g. after confirming the email or resetting the password). */
  notice?: string;
  /** Why the user was signed out, shown as a warning. */
  warning?: string;
  /** Prefills the email field. */
  email?: string;
}

/**
 * Applies the guard to every screen. It sits above the layout so a refused screen never flashes
 * its frame before the redirect, and it re-decides whenever the session changes (login, logout,
 * or a logout in another tab).
 */
export function RouteGuard() {
  const location = useLocation();
  const session = useSession();
  const decision = decideRoute(location.pathname, session !== null, session?.ispasswordchanged === 1);

  if (decision.action === 'redirect') {
    const state: LoginRedirectState | undefined =
      decision.to === paths.login
        ? { from: { pathname: location.pathname, search: location.search, hash: location.hash } }
        : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  return <Outlet />;
}
