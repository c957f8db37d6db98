import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Permissions } from '@proofmark/shared/accounts/permissions';
import type { AddTeamUserRequest } from '@proofmark/shared/contract/team';
import { queryKeys } from '../auth/queryKeys';
import { useCan } from '../auth/useCan';
import { useOrgScope } from '../auth/useOrgScope';
import type { ApiInput } from './client';
import { answer } from './client';

/** Team management (main administrator only: the routes' access in shared/src/contract/team.ts). */
export const teamApi = {
  list: () => answer('GET /api/team', {}),
  add: (body: ApiInput<'POST /api/team'>['body']) => answer('POST /api/team', { body }),
  updatePermissions: (email: string, permissions: Permissions) =>
    answer('POST /api/team/permissions', { body: { email, ...permissions } }),
  deactivate: (email: string) => answer('POST /api/team/deactivate', { body: { email } }),
  reactivate: (email: string) => answer('POST /api/team/reactivate', { body: { email } }),
  remove: (email: string) => answer('POST /api/team/remove', { body: { email } }),
  resendInvitation: (email: string) => answer('POST /api/team/resend-invitation', { body: { email } }),
  resetPassword: (email: string) => answer('POST /api/team/reset-password', { body: { email } }),
};

/** The organisation's team (main administrator only: nobody else may even ask). */
export function useTeam() {
  const org = useOrgScope();
  const allowed = useCan('mainAdmin');
  return useQuery({
    queryKey: queryKeys.team(org),
    queryFn: teamApi.list,
    select: (answer) => answer.data,
    enabled: allowed,
  });
}

export function useAddTeamUser() {
  const org = useOrgScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddTeamUserRequest) => teamApi.add(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team(org) }),
  });
}

export function useUpdatePermissions() {
  const org = useOrgScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, permissions }: { email: string; permissions: Permissions }) =>
      teamApi.updatePermissions(email, permissions),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team(org) }),
  });
}

export type MemberAction = 'deactivate' | 'reactivate' | 'remove' | 'resendInvitation' | 'resetPassword';

/** Deactivate, reactivate, remove, re-invite or reset one member; the list is read again afterwards. */
export function useMemberAction() {
  const org = useOrgScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, email }: { action: MemberAction; email: string }): Promise<{ message: string }> =>
      teamApi[action](email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team(org) }),
  });
}
