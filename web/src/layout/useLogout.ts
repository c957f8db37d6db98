import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { authApi } from '../api/auth';
import { clearSession, getToken } from '../session';
import { paths } from '../routing/routeTable';

/** A logout should not hang on a server that does not answer. */
const LOGOUT_CALL_TIMEOUT_MS = 5000;

const SIGNING_OUT_KEY = 'pm-logout';

/**
 * Signs out: asks the server to revoke the user's tokens, then forgets the session, drops every
 * cached answer (the next user of this browser must not see the previous organisation's data) and
 * returns to the home page. A failed revocation does not keep anyone signed in. The user sees
 * "Signing out…" while the call runs and "You are signed out." once done, since the revocation can
 * take a moment and a silent click looks broken.
 */
export function useLogout(): { logout: () => void; signingOut: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const running = useRef(false);
  const [signingOut, setSigningOut] = useState(false);

  const logout = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setSigningOut(true);
    void message.open({ key: SIGNING_OUT_KEY, type: 'loading', content: 'Signing out…', duration: 0 });
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
      setSigningOut(false);
      void message.open({ key: SIGNING_OUT_KEY, type: 'success', content: 'You are signed out.', duration: 3 });
    });
  }, [navigate, queryClient, message]);

  return { logout, signingOut };
}
