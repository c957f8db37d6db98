import { runs } from '../../store/runs';
import { update } from '../../store/transaction';
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

/**
 * A send chunk's counts on its run, as one transaction item: `mails` more done, each counted by
 * the route it left through (written with the chunk's once-only mark, send-job.ts).
 */
export const sentCounting = (orgId: string, runId: string, route: MailRoute, mails: number) => {
  const patch = runs()
    .patch({ orgId, id: runId })
    .add({ done: mails, ...(route.route === 'organisation' ? { viaOrganisation: mails } : { viaProduct: mails }) })
    .set({ updatedAt: new Date().toISOString(), ...(route.route === 'organisation' ? { mailServer: route.server } : {}) });
  return update(patch.params());
};
