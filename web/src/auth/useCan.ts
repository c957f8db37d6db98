import { useSession } from '../session';
import { can } from './can';
import type { Ability } from './can';

/**
 * Whether the signed-in user may do `ability`; re-renders on login, logout and when the session's
 * permissions are refreshed. Use it to hide (not merely disable) controls that change data.
 */
export function useCan(ability: Ability): boolean {
  return can(useSession(), ability);
}
