import type { QueryClient } from '@tanstack/react-query';
import { authApi } from '../api/auth';
import { profileApi, profileKey } from '../api/profile';
import { orgScope } from '../auth/orgScope';
import { queryKeys } from '../auth/queryKeys';
import type { Session } from '../session';

/**
 * The queries every signed-in screen starts with — the organisation's profile (the header's
 * identity, the Setting tab) and the user's own record (permissions) — started while the screen's
 * code still loads, under the keys the screens read them by. Its own chunk, so the entry that
 * visitors load stays as small as it is.
 */
export function prefetchSignedInData(client: QueryClient, session: Session): void {
  const org = orgScope(session);
  void client.prefetchQuery({ queryKey: profileKey(org), queryFn: profileApi.get });
  void client.prefetchQuery({ queryKey: queryKeys.me(org, session.user_id), queryFn: authApi.me });
}
