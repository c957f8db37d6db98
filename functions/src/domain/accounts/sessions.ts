import { AppError, notFound, unauthorized } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import type { SessionData } from '@proofmark/shared/contract/auth';
import { passwordSignIn, refreshSignIn, signOutEverywhere } from '../../adapters/identity';
import { getOrg, findUserByEmail, getUser, updateUser, type UserRecord } from './users';
import { verifierPageUrl } from '../public-urls';
import { beforeSignIn, signInFailed, signInSucceeded } from './sign-in-lockout';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The session fields of spec §3 (counts come from the dashboard statistics once they exist). */
export const sessionFor = async (user: UserRecord): Promise<Omit<SessionData, 'token' | 'refreshToken'>> => {
  const org = await getOrg(user.orgId);
  if (!org) throw notFound('Your organisation no longer exists.');
  return {
    user_id: user.userId,
    organization_verify_uri: verifierPageUrl(org.verifierSlug),
    organization_name: org.name,
    fname: user.fname,
    lname: user.lname,
    email: user.email,
    issued: 0,
    inprogress: 0,
    ispasswordchanged: user.mustChangePassword ? 1 : 0,
    current_year: new Date().getUTCFullYear(),
    isadmin: user.isMainAdmin ? 1 : 0,
    permissions: user.permissions,
  };
};

/**
 * Tokens carry their issue time in whole seconds and a logout refuses every token issued up to its
 * second; a sign-in in that same second waits for the next one so its token is not refused too.
 */
const waitPastRevocation = async (user: UserRecord) => {
  const revokedAt = user.tokensRevokedAt ?? 0;
  const wait = (revokedAt + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
};

export const login = async (email: string, password: string, sourceIp: string): Promise<SessionData> => {
  await beforeSignIn(email, sourceIp);
  const user = await findUserByEmail(email);
  if (user) await waitPastRevocation(user);
  const tokens = await passwordSignIn(email, password);
  if (!tokens || !user) {
    await signInFailed(email, sourceIp);
    throw badCredentials();
  }
  await signInSucceeded(email, sourceIp);
  if (!user.emailConfirmed) throw new AppError('forbidden', accountMessages.confirmEmailFirst);
  if (user.deactivated) throw new AppError('forbidden', accountMessages.accountDeactivated);
  await updateUser(user.orgId, user.userId, {
    lastLoginAt: new Date().toISOString(),
    lastLoginIp: sourceIp,
  });
  return { token: tokens.idToken, refreshToken: tokens.refreshToken, ...(await sessionFor(user)) };
};

const badCredentials = () => new AppError('bad_request', accountMessages.badCredentials);

export const refresh = async (refreshToken: string): Promise<{ token: string }> => {
  const tokens = await refreshSignIn(refreshToken);
  if (!tokens) throw unauthorized();
  return { token: tokens.idToken };
};

/** Signs the user out everywhere: refresh tokens revoked in Cognito, every issued token refused by us. */
export const logout = async (user: UserRecord): Promise<void> => {
  await updateUser(user.orgId, user.userId, { tokensRevokedAt: nowSeconds() });
  await signOutEverywhere(user.email);
};

/** Is this token (by its `iat`) still good for this user? */
export const tokenStillValid = (user: UserRecord, issuedAt: number) => issuedAt > (user.tokensRevokedAt ?? 0);

export { getUser };
