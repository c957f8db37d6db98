import { systemRoutes } from '@proofmark/shared/contract/system';
import { createProbe, getProbe } from '../domain/probes';
import { httpGroup } from './route-group';

export const handler = httpGroup(systemRoutes, {
  'POST /api/probes': async ({ body }, { caller }) => ({
    status: 201,
    data: await createProbe(caller.orgId, body),
  }),
  'GET /api/probes/{id}': async ({ params }, { caller }) => ({
    data: await getProbe(caller.orgId, params.id),
  }),
});
