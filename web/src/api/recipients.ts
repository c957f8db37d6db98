import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { queryKeys } from '../auth/queryKeys';
import { useOrgScope } from '../auth/useOrgScope';
import { useProfileSelect } from './profile';
import type { ListRecipientsQuery, SelectionRequest } from '@proofmark/shared/contract/recipients';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import type { ApiInput } from './client';
import { answer } from './client';

export type { ListRecipientsQuery as RecipientsQuery } from '@proofmark/shared/contract/recipients';

/**
 * The recipients screen's calls, typed from the contract (shared/src/contract/recipients.ts,
 * cohorts.ts, uploads.ts, invitations.ts, programmes.ts).
 */
type Body<K extends Parameters<typeof answer>[0]> = ApiInput<K> extends { body?: infer B } ? NonNullable<B> : never;
type Query<K extends Parameters<typeof answer>[0]> = ApiInput<K> extends { query?: infer Q } ? NonNullable<Q> : never;

export const recipientsApi = {
  cohorts: (certtype: CertificateType) => answer('GET /api/cohorts', { query: { certtype } }),
  recipients: (query: ListRecipientsQuery, signal?: AbortSignal) =>
    answer('GET /api/recipients', { query }, { signal }),
  update: (body: Body<'POST /api/recipients/update'>) => answer('POST /api/recipients/update', { body }),
  remove: (body: Body<'POST /api/recipients/delete'>) => answer('POST /api/recipients/delete', { body }),
  copyEmailAsKey: (body: SelectionRequest) => answer('POST /api/recipients/copy-email-as-key', { body }),
  photo: (cohort: string, student: string, certtype: CertificateType) =>
    answer('GET /api/recipients/photo', { query: { cohort, student, certtype } }),
  /** The document uploaded for a recipient (their PDF, else their photo). */
  document: (cohort: string, student: string, certtype: CertificateType) =>
    answer('GET /api/recipients/document', { query: { cohort, student, certtype } }),
  sampleSheet: () => answer('GET /api/recipients/sample-sheet', {}),

  createUpload: (body: Body<'POST /api/uploads'>) => answer('POST /api/uploads', { body }),
  startImport: (id: string) => answer('POST /api/uploads/{id}/import', { params: { id } }),
  upload: (id: string) => answer('GET /api/uploads/{id}', { params: { id } }),

  previewInvitations: (body: SelectionRequest) => answer('POST /api/invitations/preview', { body }),
  sendInvitations: (body: SelectionRequest) => answer('POST /api/invitations', { body }),

  programmes: (query: Query<'GET /api/programmes'>) => answer('GET /api/programmes', { query }),
  importProgrammes: (body: Body<'POST /api/programmes/import'>) => answer('POST /api/programmes/import', { body }),
};

/** Cache keys of the recipients screens, under the organisation (auth/queryKeys) so nothing leaks across organisations. */
export const recipientKeys = {
  all: (org: string) => [...queryKeys.org(org), 'recipients'] as const,
  cohorts: (org: string, certtype: CertificateType) => [...recipientKeys.all(org), 'cohorts', certtype] as const,
  tree: (org: string, q: ListRecipientsQuery) => [...recipientKeys.all(org), 'tree', q] as const,
};

export function useCohorts(certtype: CertificateType) {
  const org = useOrgScope();
  return useQuery({
    queryKey: recipientKeys.cohorts(org, certtype),
    queryFn: () => recipientsApi.cohorts(certtype),
    select: (answer) => answer.data,
  });
}

export function useRecipientTree(q: ListRecipientsQuery) {
  const org = useOrgScope();
  return useQuery({
    queryKey: recipientKeys.tree(org, q),
    queryFn: ({ signal }) => recipientsApi.recipients(q, signal),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

const isApiMode = (profile: ProfileData) => profile.isapimode === 1;

/** The profile's API-mode flag (§2.2): programme import is offered only when it is set. */
export function useApiMode() {
  return useProfileSelect(isApiMode);
}

/** After any change: the cohort list and every page of the tree are refetched. */
export function useInvalidateRecipients() {
  const org = useOrgScope();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: recipientKeys.all(org) });
}
