import { systemRoutes } from '@proofmark/shared/contract/system';
import { checkHealth } from '../domain/health';
import { httpGroup } from './route-group';

export const handler = httpGroup(systemRoutes, {
  'GET /api/health': async () => {
    const data = await checkHealth();
    return { status: data.status === 'up' ? 200 : 503, message: data.status, data };
  },
});
