import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { queryKeys } from '../../../auth/queryKeys';
import { useOrgScope } from '../../../auth/useOrgScope';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { useProfileSelect } from '../../../api/profile';
import { recipientsApi } from '../../../api/recipients';
import type { RecipientsQuery } from '../../../api/recipients';

/** Cache keys of this screen, under the organisation (auth/queryKeys) so nothing leaks across organisations. */
export const recipientKeys = {
  all: (org: string) => [...queryKeys.org(org), 'recipients'] as const,
  cohorts: (org: string, certtype: CertificateType) => [...recipientKeys.all(org), 'cohorts', certtype] as const,
  tree: (org: string, q: RecipientsQuery) => [...recipientKeys.all(org), 'tree', q] as const,
};

export function useCohorts(certtype: CertificateType) {
  const org = useOrgScope();
  return useQuery({
    queryKey: recipientKeys.cohorts(org, certtype),
    queryFn: () => recipientsApi.cohorts(certtype),
    select: (answer) => answer.data,
  });
}

export function useRecipientTree(q: RecipientsQuery) {
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
