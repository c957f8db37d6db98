import { systemRoutes } from '@proofmark/shared/contract/system';
import { checkHealth } from '../domain/health';
import { createProbe, getProbe } from '../domain/probes';
import { httpGroup } from './route-group';

export const handler = httpGroup(systemRoutes, {
  'GET /api/health': async () => {
    const data = await checkHealth();
    return { status: data.status === 'up' ? 200 : 503, message: data.status, data };
  },
  'POST /api/probes': async ({ body }, { caller }) => ({
    status: 201,
    data: await createProbe(caller.orgId, body),
  }),
  'GET /api/probes/{id}': async ({ params }, { caller }) => ({
    data: await getProbe(caller.orgId, params.id),
  }),
});
