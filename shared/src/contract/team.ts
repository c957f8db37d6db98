import * as z from 'zod';
import { addTeamUserRequest, teamMember, teamMemberRequest, updatePermissionsRequest } from '../api/auth';
import { defineRoutes, mainAdmin } from './define';

/** /api/team: the organisation's users, managed by its main administrator. */
export const teamRoutes = defineRoutes({
  'GET /api/team': { access: mainAdmin, data: z.array(teamMember) },
  'POST /api/team': { access: mainAdmin, body: addTeamUserRequest, data: teamMember },
  'POST /api/team/permissions': { access: mainAdmin, body: updatePermissionsRequest, data: teamMember },
  'POST /api/team/deactivate': { access: mainAdmin, body: teamMemberRequest, data: teamMember },
  'POST /api/team/reactivate': { access: mainAdmin, body: teamMemberRequest, data: teamMember },
  'POST /api/team/remove': { access: mainAdmin, body: teamMemberRequest, data: z.null() },
  'POST /api/team/resend-invitation': { access: mainAdmin, body: teamMemberRequest, data: teamMember },
  'POST /api/team/reset-password': { access: mainAdmin, body: teamMemberRequest, data: teamMember },
});
