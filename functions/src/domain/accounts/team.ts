import { badRequest, notFound } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import {
  newTeamUserPermissions,
  normalisePermissions,
  permissionFlags,
  type Permissions,
} from '@proofmark/shared/accounts/permissions';
import type {
  AddTeamUserRequest,
  TeamMember,
  TeamMemberRequest,
  UpdatePermissionsRequest,
} from '@proofmark/shared/contract/team';
import { randomBytes } from 'node:crypto';
import { deleteIdentity, signOutEverywhere } from '../../adapters/identity';
import { sendMail } from '../../adapters/mail';
import { deleteUser, findUserByEmail, getOrg, listUsers, updateUser, type UserRecord } from './users';
import { createUserWithIdentity } from './user-creation';
import { adminResetMail, teamInvitationMail } from './account-mail';
import { issueSetPasswordLink } from './set-password-links';

const asMember = (u: UserRecord): TeamMember => ({
  user_id: u.userId,
  fname: u.fname,
  lname: u.lname,
  email: u.email,
  job_title: u.job_title,
  created_at: u.created_at,
  isMainAdmin: u.isMainAdmin,
  permissions: u.permissions,
  deactivated: u.deactivated === true,
  invitationPending: u.invitationPending === true,
});

export const listTeam = async (orgId: string): Promise<TeamMember[]> =>
  (await listUsers(orgId))
    .sort((a, b) => Number(b.isMainAdmin) - Number(a.isMainAdmin) || a.created_at.localeCompare(b.created_at))
    .map(asMember);

/** A password nobody knows, so the new identity cannot sign in before its owner sets one. */
const unusablePassword = () => `${randomBytes(24).toString('base64url')}aA1`;

/** What every mail with a set-password link says: to whom, from which organisation, the new link. */
const setPasswordMailTo = async (orgId: string, member: UserRecord) => ({
  to: member.email,
  fname: member.fname,
  orgName: (await getOrg(orgId))?.name ?? 'Your organisation',
  setPasswordUrl: await issueSetPasswordLink(member),
});

const invitationMailFor = async (orgId: string, member: UserRecord, inviter: UserRecord) => {
  const inviterName = `${inviter.fname} ${inviter.lname}`.trim();
  await sendMail(teamInvitationMail({ ...(await setPasswordMailTo(orgId, member)), inviter: inviterName }));
};

/**
 * Adds a team user as Cognito user and table rows together (the Cognito user is removed again if
 * the rows cannot be written), and mails the invitation: a set-password link, never a password.
 */
export const addTeamUser = async (
  orgId: string,
  inviter: UserRecord,
  input: AddTeamUserRequest,
): Promise<TeamMember> => {
  const user = await createUserWithIdentity(
    { email: input.email, password: unusablePassword(), orgId, isAdmin: false },
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
        mustChangePassword: false,
        invitationPending: true,
      },
    }),
  );
  await invitationMailFor(orgId, user, inviter);
  return asMember(user);
};

/** A member of this organisation by email; another organisation's user is "no such member" too. */
const memberOf = async (orgId: string, email: string): Promise<UserRecord> => {
  const member = await findUserByEmail(email);
  // Never a hint that the email exists elsewhere.
  if (!member || member.orgId !== orgId) throw notFound(accountMessages.noSuchMember);
  return member;
};

/** A member the main administrator may deactivate or remove: anyone but the main admin. */
const ordinaryMemberOf = async (orgId: string, email: string): Promise<UserRecord> => {
  const member = await memberOf(orgId, email);
  if (member.isMainAdmin) throw badRequest(accountMessages.cannotChangeMainAdmin);
  return member;
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Deactivates a member: their row says so (every call is then refused by the access check) and
 * every token issued so far is revoked, in our table and in the identity provider.
 */
export const deactivateMember = async (orgId: string, input: TeamMemberRequest): Promise<TeamMember> => {
  const member = await ordinaryMemberOf(orgId, input.email);
  const changes = { deactivated: true, tokensRevokedAt: nowSeconds() };
  await updateUser(orgId, member.userId, changes);
  await signOutEverywhere(member.email);
  return asMember({ ...member, ...changes });
};

export const reactivateMember = async (orgId: string, input: TeamMemberRequest): Promise<TeamMember> => {
  const member = await ordinaryMemberOf(orgId, input.email);
  await updateUser(orgId, member.userId, { deactivated: false });
  return asMember({ ...member, deactivated: false });
};

/**
 * Removes a member for good: the row first (so the access check refuses their tokens at once), then
 * the identity, so the email can be invited again later.
 */
export const removeMember = async (orgId: string, input: TeamMemberRequest): Promise<void> => {
  const member = await ordinaryMemberOf(orgId, input.email);
  await deleteUser(orgId, member.userId);
  await deleteIdentity(member.email);
};

/** A new invitation link for a member who has not set a password yet; the previous link stops working. */
export const resendInvitation = async (
  orgId: string,
  inviter: UserRecord,
  input: TeamMemberRequest,
): Promise<TeamMember> => {
  const member = await ordinaryMemberOf(orgId, input.email);
  if (!member.invitationPending) throw badRequest(accountMessages.invitationAlreadyAccepted);
  await invitationMailFor(orgId, member, inviter);
  return asMember(member);
};

/**
 * The main administrator resets a member's password: the member is signed out everywhere (as by
 * logout) and mailed a set-password link. The old password keeps working until a new one is set,
 * so a reset mailed to the wrong moment locks nobody out.
 */
export const resetMemberPassword = async (orgId: string, input: TeamMemberRequest): Promise<TeamMember> => {
  const member = await ordinaryMemberOf(orgId, input.email);
  await updateUser(orgId, member.userId, { tokensRevokedAt: nowSeconds() });
  await signOutEverywhere(member.email);
  await sendMail(adminResetMail(await setPasswordMailTo(orgId, member)));
  return asMember(member);
};

export const updatePermissions = async (
  orgId: string,
  input: UpdatePermissionsRequest,
): Promise<TeamMember> => {
  const member = await memberOf(orgId, input.email);
  if (member.isMainAdmin) throw badRequest(accountMessages.cannotEditMainAdmin);
  const submitted = Object.fromEntries(permissionFlags.map((f) => [f, input[f]])) as Permissions;
  // Only the registering administrator is the main admin; the flag alone grants no team management.
  const permissions = normalisePermissions(submitted);
  await updateUser(orgId, member.userId, { permissions });
  return asMember({ ...member, permissions });
};
