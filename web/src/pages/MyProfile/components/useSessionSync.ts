import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { authApi } from '../../../api/auth';
import { queryKeys } from '../../../auth/queryKeys';
import { profileFields } from '../../../auth/sessionFromLogin';
import { useOrgScope } from '../../../auth/useOrgScope';
import { updateSession, useSession } from '../../../session';

/**
 * Refreshes the stored session from GET /api/auth/me, so permissions an administrator changed since
 * the login show up (and controls the user may no longer use disappear) without signing in again.
 */
export function useSessionSync(): void {
  const org = useOrgScope();
  const userId = useSession()?.user_id ?? '';
  // Read again whenever a screen that syncs opens (the frame reads it first; My Profile, where
  // permissions matter most, re-checks on entry) — a request already under way is shared.
  const me = useQuery({
    queryKey: queryKeys.me(org, userId),
    queryFn: authApi.me,
    select: (answer) => answer.data,
    refetchOnMount: 'always',
  });

  useEffect(() => {
    if (me.data !== undefined) updateSession(profileFields(me.data));
  }, [me.data]);
}
