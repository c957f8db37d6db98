import { addTeamUserRequest, teamMemberRequest, updatePermissionsRequest } from '@proofmark/shared/api/auth';
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
} from '../domain/team';
import { httpGroup, parseBody } from './kit';

export const handler = httpGroup({
  'GET /api/team': async (_event, { caller }) => ({ data: await listTeam(caller.orgId) }),
  'POST /api/team': async (event, { caller, user }) => ({
    status: 201,
    message: accountMessages.teamUserAdded,
    data: await addTeamUser(caller.orgId, user, parseBody(event, addTeamUserRequest)),
  }),
  'POST /api/team/permissions': async (event, { caller }) => ({
    message: accountMessages.permissionsUpdated,
    data: await updatePermissions(caller.orgId, parseBody(event, updatePermissionsRequest)),
  }),
  'POST /api/team/deactivate': async (event, { caller }) => ({
    message: accountMessages.memberDeactivated,
    data: await deactivateMember(caller.orgId, parseBody(event, teamMemberRequest)),
  }),
  'POST /api/team/reactivate': async (event, { caller }) => ({
    message: accountMessages.memberReactivated,
    data: await reactivateMember(caller.orgId, parseBody(event, teamMemberRequest)),
  }),
  'POST /api/team/remove': async (event, { caller }) => {
    await removeMember(caller.orgId, parseBody(event, teamMemberRequest));
    return { message: accountMessages.memberRemoved };
  },
  'POST /api/team/resend-invitation': async (event, { caller, user }) => ({
    message: accountMessages.invitationResent,
    data: await resendInvitation(caller.orgId, user, parseBody(event, teamMemberRequest)),
  }),
  'POST /api/team/reset-password': async (event, { caller }) => ({
    message: accountMessages.memberPasswordReset,
    data: await resetMemberPassword(caller.orgId, parseBody(event, teamMemberRequest)),
  }),
});
