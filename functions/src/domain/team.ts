import { badRequest, notFound } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import {
  newTeamUserPermissions,
  normalisePermissions,
  permissionFlags,
  type Permissions,
} from '@proofmark/shared/accounts/permissions';
import type { AddTeamUserRequest, TeamMember, UpdatePermissionsRequest } from '@proofmark/shared/api/auth';
import { env } from '../adapters/env';
import { sendMail } from '../adapters/mail';
import { assertAcceptablePassword } from './registration';
import { findUserByEmail, getOrg, listUsers, updateUser, type UserRecord } from './users';
import { createUserWithIdentity } from './user-creation';
import { teamInvitationMail } from './account-mail';

const asMember = (u: UserRecord): TeamMember => ({
  user_id: u.userId,
  fname: u.fname,
  lname: u.lname,
  email: u.email,
  job_title: u.job_title,
  created_at: u.created_at,
  isMainAdmin: u.isMainAdmin,
  permissions: u.permissions,
});

export const listTeam = async (orgId: string): Promise<TeamMember[]> =>
  (await listUsers(orgId))
    .sort((a, b) => Number(b.isMainAdmin) - Number(a.isMainAdmin) || a.created_at.localeCompare(b.created_at))
    .map(asMember);

/**
 * Adds a team user with the password the administrator chose, as Cognito user and table rows
 * together (the Cognito user is removed again if the rows cannot be written), and emails the
 * invitation with that temporary password. The user must choose their own at first sign-in.
 */
export const addTeamUser = async (
  orgId: string,
  inviter: UserRecord,
  input: AddTeamUserRequest,
): Promise<TeamMember> => {
  assertAcceptablePassword(input.password);
  const user = await createUserWithIdentity(
    { email: input.email, password: input.password, orgId, isAdmin: false },
    (userId) => ({
      user: {
        orgId,
        userId,
        email: input.email,
        fname: input.firstname,
        lname: input.lastname,
        job_title: input.job_title,
        created_at: new Date().toISOString(),
        isMainAdmin: false,
        permissions: newTeamUserPermissions(),
        emailConfirmed: true,
        mustChangePassword: true,
      },
    }),
  );
  const org = await getOrg(orgId);
  await sendMail(
    teamInvitationMail({
      to: user.email,
      fname: user.fname,
      orgName: org?.name ?? 'Your organisation',
      inviter: `${inviter.fname} ${inviter.lname}`.trim(),
      password: input.password,
      loginUrl: `${env.appBaseUrl()}/login`,
    }),
  );
  return asMember(user);
};

export const updatePermissions = async (
  orgId: string,
  input: UpdatePermissionsRequest,
): Promise<TeamMember> => {
  const member = await findUserByEmail(input.email);
  // Another organisation's user is "no such member" — never a hint that the email exists elsewhere.
  if (!member || member.orgId !== orgId) throw notFound(accountMessages.noSuchMember);
  if (member.isMainAdmin) throw badRequest(accountMessages.cannotEditMainAdmin);
  const submitted = Object.fromEntries(permissionFlags.map((f) => [f, input[f]])) as Permissions;
  // Only the registering administrator is the main admin; the flag alone grants no team management.
  const permissions = normalisePermissions(submitted);
  await updateUser(orgId, member.userId, { permissions });
  return asMember({ ...member, permissions });
};
