import { queryOptions } from '@tanstack/react-query';
import { authApi } from '../api/auth';
import { readSession, updateSession } from '../session';
import { queryKeys } from './queryKeys';
import { profileFields } from './sessionFromLogin';

/**
 * The signed-in user's own record (GET /api/auth/me), one query for the frame, My Profile and the
 * read started before either loads. Each answer refreshes the stored session as it arrives, so
 * permissions an administrator changed since the login show up (and controls the user may no longer
 * use disappear) without signing in again — once per read, not once per screen showing it: a
 * screen mounting later with the cached answer does not write an older record over the session.
 */
export const meQuery = (org: string, userId: string) =>
  queryOptions({
    queryKey: queryKeys.me(org, userId),
    queryFn: async () => {
      const answer = await authApi.me();
      // Only into the session it was read for (not one signed in since, nor after a logout).
      if (answer.data && readSession()?.user_id === answer.data.user_id) updateSession(profileFields(answer.data));
      return answer;
    },
  });
