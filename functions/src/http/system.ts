import { createProbeRequest } from '@proofmark/shared/api/system';
import { checkHealth } from '../domain/health';
import { createProbe, getProbe } from '../domain/probes';
import { httpGroup, parseBody, pathParam } from './kit';

export const handler = httpGroup({
  'GET /api/health': async () => {
    const data = await checkHealth();
    return { status: data.status === 'up' ? 200 : 503, message: data.status, data };
  },
  'POST /api/probes': async (event, { caller }) => {
    return { status: 201, data: await createProbe(caller.orgId, parseBody(event, createProbeRequest)) };
  },
  'GET /api/probes/{id}': async (event, { caller }) => {
    return { data: await getProbe(caller.orgId, pathParam(event, 'id')) };
  },
});
