import type { Permissions } from '@proofmark/shared/accounts/permissions';
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
