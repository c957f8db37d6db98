import { programmesRoutes } from '@proofmark/shared/contract/programmes';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { importProgrammes, listProgrammes } from '../domain/recipients/programmes';
import { httpGroup } from './route-group';

export const handler = httpGroup(programmesRoutes, {
  'GET /api/programmes': async ({ query }, { caller }) => ({
    data: await listProgrammes(caller.orgId, query),
  }),
  'POST /api/programmes/import': async ({ body }, { caller }) => {
    const result = await importProgrammes(caller.orgId, body);
    return { message: m.programmesImported(result.cohorts, result.students), data: result };
  },
});
