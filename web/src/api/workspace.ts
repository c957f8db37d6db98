import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalsQuery } from '@proofmark/shared/contract/approvals';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { isRunFinished } from '@proofmark/shared/workspace/rules';
import { queryKeys } from '../auth/queryKeys';
import { useOrgScope } from '../auth/useOrgScope';
import type { Selection, WorkspaceQuery, workspaceStatusFilters } from '@proofmark/shared/contract/workspace';
import type { ApiInput } from './client';
import { answer } from './client';
import { useProfileSelect } from './profile';

export type { ApprovalsQuery } from '@proofmark/shared/contract/approvals';
export type { Selection, WorkspaceQuery } from '@proofmark/shared/contract/workspace';

/**
 * The issuance workspace's and the approval screen's calls, typed from the contract
 * (shared/src/contract/workspace.ts, balance.ts, approvals.ts). Long work (generate, issue, bake,
 * send, download) answers a run to follow with `run`. Below them, the screens' query hooks and
 * cache keys.
 */
export type WorkspaceStatusFilter = (typeof workspaceStatusFilters)[number];

type Body<K extends Parameters<typeof answer>[0]> = ApiInput<K> extends { body?: infer B } ? NonNullable<B> : never;

export const workspaceApi = {
  list: (query: WorkspaceQuery, signal?: AbortSignal) => answer('GET /api/workspace', { query }, { signal }),
  run: (id: string, signal?: AbortSignal) =>
    answer('GET /api/workspace/runs/{id}', { params: { id } }, { signal }),
  /** Unfinished and recently finished runs, newest first: what a reloaded page shows again. */
  runs: (limit: number, signal?: AbortSignal) =>
    answer('GET /api/workspace/runs', { query: { limit } }, { signal }),
  generate: (body: Selection) => answer('POST /api/workspace/generate', { body }),
  preview: (body: Body<'POST /api/workspace/preview'>) => answer('POST /api/workspace/preview', { body }),
  validate: (body: Body<'POST /api/workspace/validate'>) => answer('POST /api/workspace/validate', { body }),
  review: (body: Selection) => answer('POST /api/workspace/review', { body }),
  reset: (body: Selection) => answer('POST /api/workspace/reset', { body }),
  balance: () => answer('GET /api/balance', {}),
  topUp: (body: Body<'POST /api/balance/top-up'> = {}) => answer('POST /api/balance/top-up', { body }),
  issue: (body: Body<'POST /api/workspace/issue'>) => answer('POST /api/workspace/issue', { body }),
  bake: (body: Body<'POST /api/workspace/bake'>) => answer('POST /api/workspace/bake', { body }),
  revoke: (body: Body<'POST /api/workspace/revoke'>) => answer('POST /api/workspace/revoke', { body }),
  hold: (body: Selection) => answer('POST /api/workspace/hold', { body }),
  unhold: (body: Selection) => answer('POST /api/workspace/unhold', { body }),
  send: (body: Selection) => answer('POST /api/workspace/send', { body }),
  download: (body: Body<'POST /api/workspace/download'>) => answer('POST /api/workspace/download', { body }),
  downloadZip: (body: Selection) => answer('POST /api/workspace/download-zip', { body }),
  approvals: (query: ApprovalsQuery, signal?: AbortSignal) => answer('GET /api/approvals', { query }, { signal }),
  approve: (body: Body<'POST /api/approvals'>) => answer('POST /api/approvals', { body }),
};

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
      if (run !== undefined && (isRunFinished(run) || run.state === 'scheduled')) return false;
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
