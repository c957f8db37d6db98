import type { QueryClient } from '@tanstack/react-query';
import { profileQuery } from '../api/profile';
import { meQuery } from '../auth/meQuery';
import { orgScope } from '../auth/orgScope';
import type { Session } from '../session';

/**
 * The queries every signed-in screen starts with — the organisation's profile (the header's
 * identity, the Setting tab) and the user's own record (permissions) — put in the cache while the
 * screen's code still loads, with the answers the entry already asked for (readAhead.ts), under
 * the keys and with the functions the screens read them by. Its own chunk, so the entry that
 * visitors load stays as small as it is.
 */
export function prefetchSignedInData(client: QueryClient, session: Session): void {
  const org = orgScope(session);
  void client.prefetchQuery(profileQuery(org));
  void client.prefetchQuery(meQuery(org, session.user_id));
}
