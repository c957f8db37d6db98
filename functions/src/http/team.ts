import { teamRoutes } from '@proofmark/shared/contract/team';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import {
  addTeamUser,
  deactivateMember,
  listTeam,
  reactivateMember,
  removeMember,
  resendInvitation,
  resetMemberPassword,
  updatePermissions,
} from '../domain/accounts/team';
import { httpGroup } from './route-group';

export const handler = httpGroup(teamRoutes, {
  'GET /api/team': async (_input, { caller }) => ({ data: await listTeam(caller.orgId) }),
  'POST /api/team': async ({ body }, { caller, user }) => ({
    status: 201,
    message: accountMessages.teamUserAdded,
    data: await addTeamUser(caller.orgId, user, body),
  }),
  'POST /api/team/permissions': async ({ body }, { caller }) => ({
    message: accountMessages.permissionsUpdated,
    data: await updatePermissions(caller.orgId, body),
  }),
  'POST /api/team/deactivate': async ({ body }, { caller }) => ({
    message: accountMessages.memberDeactivated,
    data: await deactivateMember(caller.orgId, body),
  }),
  'POST /api/team/reactivate': async ({ body }, { caller }) => ({
    message: accountMessages.memberReactivated,
    data: await reactivateMember(caller.orgId, body),
  }),
  'POST /api/team/remove': async ({ body }, { caller }) => {
    await removeMember(caller.orgId, body);
    return { message: accountMessages.memberRemoved };
  },
  'POST /api/team/resend-invitation': async ({ body }, { caller, user }) => ({
    message: accountMessages.invitationResent,
    data: await resendInvitation(caller.orgId, user, body),
  }),
  'POST /api/team/reset-password': async ({ body }, { caller }) => ({
    message: accountMessages.memberPasswordReset,
    data: await resetMemberPassword(caller.orgId, body),
  }),
});
