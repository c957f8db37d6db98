import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../../../auth/meQuery';
import { useOrgScope } from '../../../auth/useOrgScope';
import { useSession } from '../../../session';

/**
 * Keeps the stored session in step with GET /api/auth/me (see meQuery). The frame and My Profile
 * both use it and share one read: My Profile, where permissions matter most, reads again on entry
 * only once the frame's answer is no longer fresh (the client's staleTime).
 */
export function useSessionSync(): void {
  const org = useOrgScope();
  const userId = useSession()?.user_id ?? '';
  useQuery(meQuery(org, userId));
}
