import { healthData } from '../api/system';
import { anyone, defineRoutes } from './define';

/** /api/health. */
export const systemRoutes = defineRoutes({
  // 503 with the same Data when a dependency is down.
  'GET /api/health': { access: anyone, data: healthData },
});
