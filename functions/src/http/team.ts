import { addTeamUserRequest, updatePermissionsRequest } from '@proofmark/shared/api/auth';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { addTeamUser, listTeam, updatePermissions } from '../domain/team';
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
});
