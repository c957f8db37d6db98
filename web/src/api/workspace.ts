import type { z } from 'zod';
import type {
  ApprovalsData,
  PreviewData,
  RunList,
  RunView,
  WorkspaceData,
  approvalData,
  approvalRequest,
  balanceData,
  bakeRequest,
  directZipData,
  downloadRequest,
  issueRequest,
  revokeSelectionRequest,
  topUpData,
  topUpRequest,
  validateRequest,
  workspaceStatusFilters,
} from '@proofmark/shared/api/workspace';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { api } from './client';
import type { Answer } from './envelope';

/**
 * The issuance workspace's and the approval screen's calls (route table and schemas:
 * shared/src/api/workspace.ts). Long work (generate, issue, bake, send, download) answers a run
 * to follow with `run`.
 */

export type WorkspaceStatusFilter = (typeof workspaceStatusFilters)[number];

export interface WorkspaceQuery {
  cohort: string;
  certtype: CertificateType;
  page: number;
  pageIssued: number;
  pagesize: number;
  search: string;
  status: WorkspaceStatusFilter;
}

export interface ApprovalsQuery {
  cohort: string;
  certtype: CertificateType;
  page: number;
  pagesize: number;
  search: string;
}

export interface Selection {
  selectedItems: string[];
  certtype: CertificateType;
}

const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export const workspaceApi = {
  list: (q: WorkspaceQuery, signal?: AbortSignal) =>
    api.get<Answer<WorkspaceData>>(`/api/workspace?${qs({ ...q })}`, { signal }),
  run: (id: string, signal?: AbortSignal) =>
    api.get<Answer<RunView>>(`/api/workspace/runs/${encodeURIComponent(id)}`, { signal }),
  /** Unfinished and recently finished runs, newest first: what a reloaded page shows again. */
  runs: (limit: number, signal?: AbortSignal) =>
    api.get<Answer<RunList>>(`/api/workspace/runs?${qs({ limit })}`, { signal }),

  generate: (body: Selection) => api.post<Answer<RunView>>('/api/workspace/generate', body),
  preview: (body: Selection & { page: number; pageSize: number }) =>
    api.post<Answer<PreviewData>>('/api/workspace/preview', body),
  validate: (body: z.input<typeof validateRequest>) =>
    api.post<Answer<unknown>>('/api/workspace/validate', body),
  review: (body: Selection) => api.post<Answer<unknown>>('/api/workspace/review', body),
  reset: (body: Selection) => api.post<Answer<unknown>>('/api/workspace/reset', body),

  balance: () => api.get<Answer<z.infer<typeof balanceData>>>('/api/balance'),
  topUp: (body: z.input<typeof topUpRequest> = {}) =>
    api.post<Answer<z.infer<typeof topUpData>>>('/api/balance/top-up', body),
  issue: (body: z.input<typeof issueRequest>) => api.post<Answer<RunView>>('/api/workspace/issue', body),
  bake: (body: z.input<typeof bakeRequest>) => api.post<Answer<RunView>>('/api/workspace/bake', body),
  revoke: (body: z.input<typeof revokeSelectionRequest>) =>
    api.post<Answer<unknown>>('/api/workspace/revoke', body),
  hold: (body: Selection) => api.post<Answer<unknown>>('/api/workspace/hold', body),
  unhold: (body: Selection) => api.post<Answer<unknown>>('/api/workspace/unhold', body),

  send: (body: Selection) => api.post<Answer<RunView>>('/api/workspace/send', body),
  download: (body: z.input<typeof downloadRequest>) =>
    api.post<Answer<RunView>>('/api/workspace/download', body),
  downloadZip: (body: Selection) =>
    api.post<Answer<z.infer<typeof directZipData>>>('/api/workspace/download-zip', body),

  approvals: (q: ApprovalsQuery, signal?: AbortSignal) =>
    api.get<Answer<ApprovalsData>>(`/api/approvals?${qs({ ...q })}`, { signal }),
  approve: (body: z.input<typeof approvalRequest>) =>
    api.post<Answer<z.infer<typeof approvalData>>>('/api/approvals', body),
};
