import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorOf, requestPath } from '@proofmark/shared/contract/client';
import type { ApiInput } from '@proofmark/shared/contract/client';
import { DASHBOARD_CSV_NAME } from '@proofmark/shared/contract/dashboard';
import { queryKeys } from '../auth/queryKeys';
import { useOrgScope } from '../auth/useOrgScope';
import { getToken } from '../session';
import { api } from './client';

/** The dashboard, My Certificates and the engagement funnel (shared/src/contract/dashboard.ts). */
export type DashboardQuery = ApiInput<'GET /api/dashboard'>['query'];
export type DownloadQuery = ApiInput<'GET /api/dashboard/download'>['query'];

/** Cache keys under the organisation (auth/queryKeys), so one organisation's counts never show for another. */
const dashboardKeys = {
  all: (org: string) => [...queryKeys.org(org), 'dashboard'] as const,
};

export function useDashboard(query: DashboardQuery) {
  const org = useOrgScope();
  return useQuery({
    queryKey: [...dashboardKeys.all(org), 'charts', query],
    queryFn: ({ signal }) => api('GET /api/dashboard', { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFirstSteps() {
  const org = useOrgScope();
  return useQuery({
    queryKey: [...dashboardKeys.all(org), 'first-steps'],
    queryFn: ({ signal }) => api('GET /api/dashboard/first-steps', {}, { signal }),
  });
}

export function useEngagement(cohort = '') {
  const org = useOrgScope();
  return useQuery({
    queryKey: [...dashboardKeys.all(org), 'engagement', cohort],
    queryFn: ({ signal }) => api('GET /api/dashboard/engagement', { query: { cohort } }, { signal }),
  });
}

export function useMyCertificates() {
  const org = useOrgScope();
  return useQuery({
    queryKey: [...dashboardKeys.all(org), 'mycertificates'],
    queryFn: ({ signal }) => api('GET /api/mycertificates', {}, { signal }),
  });
}

/**
 * Fetches a CSV of the dashboard and saves it as download.csv (§7). The route answers the file
 * itself, not the JSON envelope, so it is fetched here rather than through the typed client; a
 * refusal still is the envelope, thrown as an ApiError with the server's message.
 */
export async function downloadDashboardCsv(query: DownloadQuery): Promise<void> {
  const token = getToken();
  const response = await fetch(requestPath('GET /api/dashboard/download', { query }), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw errorOf(response, body);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = DASHBOARD_CSV_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
