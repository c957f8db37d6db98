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
  const me = useQuery({ queryKey: queryKeys.me(org, userId), queryFn: authApi.me, select: (answer) => answer.Data });

  useEffect(() => {
    if (me.data !== undefined) updateSession(profileFields(me.data));
  }, [me.data]);
}
