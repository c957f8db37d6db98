import { useSession } from '../../../session';
import { paths } from '../../../routing/routeTable';
import { freeTrialCertificates } from '../content';

/**
 * The landing page's main call to action. A signed-in user has no use for a free trial (the
 * register screen would bounce them to the dashboard anyway), so they are offered the dashboard.
 */
export function useTrialCta(): { label: string; to: string } {
  const signedIn = useSession() !== null;
  return signedIn
    ? { label: 'Go to your dashboard', to: paths.dashboard }
    : { label: `Start free trial · ${freeTrialCertificates} certificates free`, to: paths.register };
}
