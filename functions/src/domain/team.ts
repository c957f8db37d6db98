import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { badRequest, conflict, notFound } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import {
  newTeamUserPermissions,
  normalisePermissions,
  permissionFlags,
  type Permissions,
} from '@proofmark/shared/accounts/permissions';
import type { AddTeamUserRequest, TeamMember, UpdatePermissionsRequest } from '@proofmark/shared/api/auth';
import { dynamoClient } from '../adapters/aws';
import { env } from '../adapters/env';
import { createIdentity, deleteIdentity } from '../adapters/identity';
import { sendMail } from '../adapters/mail';
import { keys } from './keys';
import { assertAcceptablePassword } from './registration';
import { findUserByEmail, getOrg, listUsers, updateUser, userItem, type UserRecord } from './users';
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
  if (await findUserByEmail(input.email)) throw conflict(accountMessages.emailTaken);
  const userId = await createIdentity({
    email: input.email,
    password: input.password,
    orgId,
    isAdmin: false,
  });
  const user: UserRecord = {
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
  };
  try {
    await dynamoClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: env.tableName(),
              Item: userItem(user),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: env.tableName(),
              Item: { ...keys.emailGuard(input.email), orgId, userId },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (err) {
    await deleteIdentity(input.email).catch((e) =>
      console.error('could not remove Cognito user after a failed team add', String(e)),
    );
    if ((err as { name?: string }).name === 'TransactionCanceledException')
      throw conflict(accountMessages.emailTaken);
    throw err;
  }
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
