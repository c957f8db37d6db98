import { runs } from '../../store/runs';
import type { MailRoute } from '../settings/mail-route';

/** Counts one mail of a run by the route it left through, so the run says how its mails went. */
export const countMailRoute = async (orgId: string, runId: string, route: MailRoute) => {
  const patch = runs().patch({ orgId, id: runId });
  await (
    route.route === 'organisation'
      ? patch.add({ viaOrganisation: 1 }).set({ mailServer: route.server })
      : patch.add({ viaProduct: 1 })
  ).go({ response: 'none' });
};
