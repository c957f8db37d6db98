import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { onSessionExpired } from '../api/client';
import type { LoginRedirectState } from '../routing/RouteGuard';
import { paths } from '../routing/routeTable';

export const sessionEndedWarning = 'Your session has ended. Please log in again.';

/**
 * When any call answers 401 (and the session could not be renewed), the API client has already
 * cleared the session; this drops the cached answers and opens /login, remembering where the user
 * was so they come back to it.
 */
export function SessionExpiryRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const where = useRef(location);

  useEffect(() => {
    where.current = location;
  }, [location]);

  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.clear();
        const { pathname, search, hash } = where.current;
        const state: LoginRedirectState = { from: { pathname, search, hash }, warning: sessionEndedWarning };
        navigate(paths.login, { replace: true, state });
      }),
    [navigate, queryClient],
  );

  return null;
}
