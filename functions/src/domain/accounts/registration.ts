import { randomUUID, randomBytes } from 'node:crypto';
import { badRequest } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { mainAdminPermissions } from '@proofmark/shared/accounts/permissions';
import { passwordProblem } from '@proofmark/shared/accounts/password-policy';
import { commonPasswordCheck } from '@proofmark/shared/accounts/common-passwords';
import type { RegisterRequest } from '@proofmark/shared/contract/auth';
import { FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { markEmailVerified } from '../../adapters/identity';
import { sendMail } from '../../adapters/mail';
import { organisations } from '../../store/organisations';
import { put } from '../../store/transaction';
import { findUserByEmail, updateUser, type OrgRecord, type UserRecord } from './users';
import { createUserWithIdentity } from './user-creation';
import { issueCode, redeemCode } from './email-codes';
import { confirmationMail } from './account-mail';
import { trialEntry } from '../billing/balance';

/** `field` names the form field the problem belongs beside (each password form names it its own way). */
export const assertAcceptablePassword = async (password: string, field = 'password') => {
  const problem = passwordProblem(password, await commonPasswordCheck());
  if (problem) throw badRequest(problem, [{ path: field, message: problem }]);
};

/** The organisation's verifier address: readable, and unguessable enough that slugs never collide. */
const verifierSlug = (orgName: string) =>
  `${
    orgName
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'org'
  }-${randomBytes(3).toString('hex')}`;

/**
 * Creates the organisation, its verifier address and its main administrator as one unit: the
 * Cognito user first, then every table row in one transaction; if the transaction fails the
 * Cognito user is deleted again, so a failure half way leaves neither behind.
 */
export const register = async (input: RegisterRequest, client: string): Promise<{ orgId: string; userId: string }> => {
  await assertAcceptablePassword(input.password);
  const orgId = randomUUID();
  const now = new Date().toISOString();
  const org: OrgRecord = {
    orgId,
    name: input.Organization_Name,
    url: input.Organization_URL.replace(/\/+$/, ''),
    verifierSlug: verifierSlug(input.Organization_Name),
    created_at: now,
    graduates_members: input.Graduates_Members,
    how_did_you_find_us: input.How_did_you_find_us,
  };
  const user = await createUserWithIdentity(
    { email: input.email, password: input.password, orgId, isAdmin: true },
    (userId) => ({
      user: {
        orgId,
        userId,
        email: input.email,
        fname: input.fname,
        lname: input.lname,
        job_title: input.Job_Title,
        created_at: now,
        isMainAdmin: true,
        permissions: mainAdminPermissions(),
        emailConfirmed: false,
        mustChangePassword: false,
      },
      // The free trial (§9) is granted, with its ledger entry, in the transaction that creates the organisation.
      extraItems: [
        put(organisations().create({ ...org, balance: FREE_TRIAL_CERTIFICATES }).params()),
        trialEntry(orgId, now),
      ],
    }),
  );
  await sendConfirmationCode(user, client);
  return { orgId, userId: user.userId };
};

const sendConfirmationCode = async (user: Pick<UserRecord, 'email' | 'fname'>, client: string) => {
  const code = await issueCode('confirm', user.email, client);
  if (code) await sendMail(confirmationMail(user.email, user.fname, code));
};

/** Same answer whether or not the email is registered, so the call cannot be used to probe for accounts. */
export const resendConfirmationCode = async (email: string, client: string): Promise<void> => {
  const user = await findUserByEmail(email);
  if (user && !user.emailConfirmed) await sendConfirmationCode(user, client);
};

export const confirmEmail = async (email: string, code: string): Promise<void> => {
  const user = await findUserByEmail(email);
  if (!user || user.emailConfirmed || !(await redeemCode('confirm', email, code)))
    throw badRequest(accountMessages.badCode);
  await markEmailVerified(email);
  await updateUser(user.orgId, user.userId, { emailConfirmed: true });
};
