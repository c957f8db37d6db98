import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { clearSession } from '../session';
import { paths } from '../routing/routeTable';

/**
 * Signs out: forgets the session, drops every cached answer (the next user of this browser must
 * not see the previous organisation's data) and returns to the home page.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(() => {
    // Navigate before clearing: both updates land in the same render (the router is set up without
    // transitions for this), so the guard never sees a private screen without a token and sends
    // the user to /login instead of home.
    navigate(paths.home, { replace: true });
    clearSession();
    queryClient.clear();
  }, [navigate, queryClient]);
}
