import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../api/auth';
import { clearSession, getToken } from '../session';
import { paths } from '../routing/routeTable';

/** A logout should not hang on a server that does not answer. */
const LOGOUT_CALL_TIMEOUT_MS = 5000;

/**
 * Signs out: asks the server to revoke the user's tokens, then forgets the session, drops every
 * cached answer (the next user of this browser must not see the previous organisation's data) and
 * returns to the home page. A failed revocation does not keep anyone signed in.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const running = useRef(false);

  return useCallback(() => {
    if (running.current) return;
    running.current = true;
    const revoke =
      getToken() === null
        ? Promise.resolve()
        : authApi.logout(AbortSignal.timeout(LOGOUT_CALL_TIMEOUT_MS)).then(
            () => undefined,
            () => undefined,
          );
    // Waiting for the revocation matters: a sign-in right after a logout whose call was still in
    // flight would otherwise have its fresh token revoked by it.
    void revoke.then(() => {
      // Navigate before clearing: both updates land in the same render (the router is set up
      // without transitions for this), so the guard never sees a private screen without a token
      // and sends the user to /login instead of home.
      navigate(paths.home, { replace: true });
      clearSession();
      queryClient.clear();
      running.current = false;
    });
  }, [navigate, queryClient]);
}
