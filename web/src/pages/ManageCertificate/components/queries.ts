import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../auth/queryKeys';
import { useOrgScope } from '../../../auth/useOrgScope';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { useProfileSelect } from '../../../api/profile';
import { workspaceApi } from '../../../api/workspace';
import type { ApprovalsQuery, WorkspaceQuery } from '../../../api/workspace';
import { isFinished } from './run-status';

/** Cache keys of the workspace and approval screens, under the organisation (auth/queryKeys). */
export const workspaceKeys = {
  all: (org: string) => [...queryKeys.org(org), 'workspace'] as const,
  list: (org: string, q: WorkspaceQuery) => [...workspaceKeys.all(org), 'list', q] as const,
  run: (org: string, id: string) => [...workspaceKeys.all(org), 'run', id] as const,
  runs: (org: string) => [...workspaceKeys.all(org), 'runs'] as const,
  preview: (org: string, key: unknown) => [...workspaceKeys.all(org), 'preview', key] as const,
  approvals: (org: string, q: ApprovalsQuery) => [...workspaceKeys.all(org), 'approvals', q] as const,
  balance: (org: string) => [...queryKeys.org(org), 'balance'] as const,
};

export function useWorkspace(q: WorkspaceQuery) {
  const org = useOrgScope();
  return useQuery({
    queryKey: workspaceKeys.list(org, q),
    queryFn: ({ signal }) => workspaceApi.list(q, signal),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export function useApprovals(q: ApprovalsQuery) {
  const org = useOrgScope();
  return useQuery({
    queryKey: workspaceKeys.approvals(org, q),
    queryFn: ({ signal }) => workspaceApi.approvals(q, signal),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** A run, polled every second until it is done or failed (a scheduled run is not polled). */
export function useRun(id: string) {
  const org = useOrgScope();
  return useQuery({
    queryKey: workspaceKeys.run(org, id),
    queryFn: ({ signal }) => workspaceApi.run(id, signal),
    select: (answer) => answer.data,
    refetchInterval: (query) => {
      const run = query.state.data?.data;
      if (run !== undefined && (isFinished(run) || run.state === 'scheduled')) return false;
      return 1_000;
    },
    retry: 3,
  });
}

/** Runs kept on the server (unfinished and recently finished): a reopened page follows them again. */
export function useRecentRuns() {
  const org = useOrgScope();
  return useQuery({
    queryKey: workspaceKeys.runs(org),
    queryFn: ({ signal }) => workspaceApi.runs(20, signal),
    select: (answer) => answer.data?.runs ?? [],
    refetchOnWindowFocus: false,
  });
}

const workspaceFlags = (profile: ProfileData) => ({
  validate: profile.validate === 1,
  verificationitems: profile.verificationitems,
});

/**
 * The profile values the workspace reads (§3): validate (1: per-recipient Validate is offered)
 * and the labels of the approval screen's extra verification fields.
 */
export function useProfileFlags() {
  return useProfileSelect(workspaceFlags, 60_000);
}

/** After any change: both tabs, the approval list and open previews are refetched. */
export function useInvalidateWorkspace() {
  const org = useOrgScope();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all(org) });
}
