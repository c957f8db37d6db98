import type { ApprovalsQuery } from '@proofmark/shared/contract/approvals';
import type { Selection, WorkspaceQuery, workspaceStatusFilters } from '@proofmark/shared/contract/workspace';
import type { ApiInput } from './client';
import { answer } from './client';

export type { ApprovalsQuery } from '@proofmark/shared/contract/approvals';
export type { Selection, WorkspaceQuery } from '@proofmark/shared/contract/workspace';

/**
 * The issuance workspace's and the approval screen's calls, typed from the contract
 * (shared/src/contract/workspace.ts, balance.ts, approvals.ts). Long work (generate, issue, bake,
 * send, download) answers a run to follow with `run`.
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
