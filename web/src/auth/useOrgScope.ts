import { useSession } from '../session';
import { orgScope } from './orgScope';

/** The organisation key of the signed-in user's queries. */
export function useOrgScope(): string {
  return orgScope(useSession());
}
