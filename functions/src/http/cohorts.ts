import { cohortsRoutes } from '@proofmark/shared/contract/cohorts';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { createCohort, listCohorts } from '../domain/recipients/recipients';
import { httpGroup } from './route-group';

export const handler = httpGroup(cohortsRoutes, {
  'GET /api/cohorts': async ({ query }, { caller }) => {
    const data = await listCohorts(caller.orgId, query.certtype);
    return { message: data.Data.length ? m.success : m.noCohorts, data };
  },
  'POST /api/cohorts': async ({ body }, { caller }) => ({
    status: 201,
    message: m.cohortCreated,
    data: await createCohort(caller.orgId, body.cohortid, body.country),
  }),
});
