import * as z from 'zod';
import { addUserFieldMessages } from '../accounts/messages';
import { email, name, permissionsSchema, required } from './auth';
import { defineRoutes, mainAdmin } from './define';
import { envelope } from './envelope';

/** Team job titles (spec §6). */
export const teamJobTitles = [
  'Accounting',
  'Human Resources',
  'Information Technology (IT) and Digital Media',
  'Real Estate',
  'Controller of Examination',
  'MIS Manager',
  'Dy. Controller of Examination',
  'Examination Assistant',
] as const;

/**
 * Team: registerteamuser (spec §7) without a password: the new user chooses their own through the
 * set-password link mailed to them, so no password is ever chosen by someone else or sent by mail.
 */
export const addTeamUserRequest = z.object({
  firstname: required(addUserFieldMessages.firstname).pipe(name('first name')),
  lastname: required(addUserFieldMessages.lastname).pipe(name('last name')),
  email: required(addUserFieldMessages.email).pipe(email),
  job_title: z.enum(teamJobTitles, { error: addUserFieldMessages.job_title }),
});
export type AddTeamUserRequest = z.infer<typeof addTeamUserRequest>;

export const teamMember = z.object({
  user_id: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  job_title: z.string(),
  created_at: z.string(),
  isMainAdmin: z.boolean(),
  permissions: permissionsSchema,
  /** A deactivated user can neither sign in nor call the API until reactivated. */
  deactivated: z.boolean(),
  /** Invited but has not set a password through the mailed link yet (the invitation can be resent). */
  invitationPending: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;
export const teamListResponse = envelope(z.array(teamMember));

/** updatepermission (spec §7): permission flags plus email. */
export const updatePermissionsRequest = permissionsSchema.extend({ email });
export type UpdatePermissionsRequest = z.infer<typeof updatePermissionsRequest>;

/** Deactivate, reactivate or remove one team member, named by email. */
export const teamMemberRequest = z.object({ email });
export type TeamMemberRequest = z.infer<typeof teamMemberRequest>;

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
