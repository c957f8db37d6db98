import type { Permissions } from '@proofmark/shared/accounts/permissions';
import type { AddTeamUserRequest, TeamMember } from '@proofmark/shared/api/auth';
import { api } from './client';
import type { Answer } from './envelope';

/** Team management (main administrator only, shared/src/api/route-access.ts). */
export const teamApi = {
  list: () => api.get<Answer<TeamMember[]>>('/api/team'),
  add: (body: AddTeamUserRequest) => api.post<Answer<TeamMember>>('/api/team', body),
  updatePermissions: (email: string, permissions: Permissions) =>
    api.post<Answer<TeamMember>>('/api/team/permissions', { email, ...permissions }),
  deactivate: (email: string) => api.post<Answer<TeamMember>>('/api/team/deactivate', { email }),
  reactivate: (email: string) => api.post<Answer<TeamMember>>('/api/team/reactivate', { email }),
  remove: (email: string) => api.post<Answer<null>>('/api/team/remove', { email }),
  resendInvitation: (email: string) => api.post<Answer<TeamMember>>('/api/team/resend-invitation', { email }),
  resetPassword: (email: string) => api.post<Answer<TeamMember>>('/api/team/reset-password', { email }),
};
