import { createProbeRequest, healthData, probe } from '../api/system';
import { anyMember, anyone, defineRoutes, writer } from './define';

/** /api/health and the wiring probe. */
export const systemRoutes = defineRoutes({
  // 503 with the same Data when a dependency is down.
  'GET /api/health': { access: anyone, data: healthData },
  'POST /api/probes': { access: writer(), body: createProbeRequest, data: probe },
  'GET /api/probes/{id}': { access: anyMember, data: probe },
});
