import { dashboardRoutes, DASHBOARD_CSV_NAME } from '@proofmark/shared/contract/dashboard';
import { dashboardOf } from '../domain/dashboard/charts';
import { dashboardCsv } from '../domain/dashboard/downloads';
import { engagementOf } from '../domain/dashboard/engagement';
import { firstStepsOf } from '../domain/dashboard/first-steps';
import { httpGroup } from './route-group';

/** The dashboard: charts and verification requests, their CSV, the engagement funnel, first steps. */
export const handler = httpGroup(dashboardRoutes, {
  'GET /api/dashboard': async ({ query }, { caller }) => ({ data: await dashboardOf(caller.orgId, query) }),
  'GET /api/dashboard/download': async ({ query }, { caller }) => ({
    raw: { contentType: 'text/csv; charset=utf-8', body: await dashboardCsv(caller.orgId, query) },
    headers: { 'content-disposition': `attachment; filename="${DASHBOARD_CSV_NAME}"` },
  }),
  'GET /api/dashboard/engagement': async ({ query }, { caller }) => ({
    data: await engagementOf(caller.orgId, query.cohort),
  }),
  'GET /api/dashboard/first-steps': async (_input, { caller }) => ({
    data: await firstStepsOf(caller.orgId),
  }),
});
