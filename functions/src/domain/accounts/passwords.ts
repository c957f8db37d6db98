import { badRequest } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { markEmailVerified, passwordSignIn, setIdentityPassword } from '../../adapters/identity';
import { sendMail } from '../../adapters/mail';
import { assertAcceptablePassword } from './registration';
import { findUserByEmail, updateUser, type UserRecord } from './users';
import { issueCode, redeemCode } from './email-codes';
import { resetMail } from './account-mail';
import { redeemSetPasswordLink } from './set-password-links';

/** First sign-in after an administrator set the password: the user chooses their own. */
export const setFirstPassword = async (user: UserRecord, newPassword: string) => {
  // Without the old password only while a change is forced; otherwise the settings' change applies.
  if (!user.mustChangePassword) throw badRequest(accountMessages.firstPasswordNotRequired);
  await assertAcceptablePassword(newPassword, 'newpassword');
  await setIdentityPassword(user.email, newPassword);
  await updateUser(user.orgId, user.userId, { mustChangePassword: false });
};

export const changePassword = async (user: UserRecord, oldPassword: string, newPassword: string) => {
  if (!(await passwordSignIn(user.email, oldPassword)))
    throw badRequest(accountMessages.oldPasswordWrong, [
      { path: 'OldPassword', message: accountMessages.oldPasswordWrong },
    ]);
  await assertAcceptablePassword(newPassword, 'NewPassword');
  await setIdentityPassword(user.email, newPassword);
};

/** Always the same answer, so the call cannot tell whether an email is registered. */
export const startPasswordReset = async (email: string, client: string) => {
  const user = await findUserByEmail(email);
  if (!user) return;
  const code = await issueCode('reset', email, client);
  if (code) await sendMail(resetMail(email, code));
};

export const finishPasswordReset = async (email: string, code: string, newPassword: string) => {
  await assertAcceptablePassword(newPassword, 'newpassword');
  const user = await findUserByEmail(email);
  if (!user || !(await redeemCode('reset', email, code))) throw badRequest(accountMessages.badCode);
  await setIdentityPassword(email, newPassword);
  await markEmailVerified(email);
  // Proving control of the mailbox also confirms it. It does not lift sign-in throttles: those
  // are per client, so they never stood between the owner and the account.
  await updateUser(user.orgId, user.userId, { emailConfirmed: true, mustChangePassword: false });
};

/**
 * The set-password link of an invitation or an administrator's reset. The password is checked
 * before the link is burnt, so a refused password leaves the link usable. Choosing it through the
 * mailed link also proves the mailbox and ends any forced change.
 */
export const setPasswordWithLink = async (token: string, newPassword: string) => {
  await assertAcceptablePassword(newPassword, 'newpassword');
  const user = await redeemSetPasswordLink(token);
  await setIdentityPassword(user.email, newPassword);
  await markEmailVerified(user.email);
  await updateUser(user.orgId, user.userId, {
    emailConfirmed: true,
    mustChangePassword: false,
    invitationPending: false,
  });
};
