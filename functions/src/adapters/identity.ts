import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  InitiateAuthCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { conflict } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { cognitoClient } from './aws-cognito';
import { functionConfig } from './function-config';

/** Cognito, reduced to what the product needs. Our API is the only way in (self sign-up is off). */

export const createIdentity = async (input: {
  email: string;
  password: string;
  orgId: string;
  isAdmin: boolean;
}): Promise<string> => {
  try {
    const out = await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId: functionConfig().userPoolId,
        Username: input.email,
        // Our own mail goes out through SES with our templates; Cognito stays silent.
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: input.email },
          { Name: 'custom:org_id', Value: input.orgId },
          { Name: 'custom:is_admin', Value: input.isAdmin ? '1' : '0' },
        ],
      }),
    );
    await setIdentityPassword(input.email, input.password);
    const sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error('Cognito returned no sub for the new user');
    return sub;
  } catch (err) {
    if (
      err instanceof UsernameExistsException ||
      (err as { name?: string }).name === 'UsernameExistsException'
    ) {
      throw conflict(accountMessages.emailTaken);
    }
    throw err;
  }
};

export const setIdentityPassword = async (email: string, password: string) => {
  await cognitoClient().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: functionConfig().userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
};

export const markEmailVerified = async (email: string) => {
  await cognitoClient().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: functionConfig().userPoolId,
      Username: email,
      // The email itself is sent along: AWS accepts it unchanged, and cognito-local requires it.
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
};

export const deleteIdentity = async (email: string) => {
  await cognitoClient().send(
    new AdminDeleteUserCommand({ UserPoolId: functionConfig().userPoolId, Username: email }),
  );
};

export interface Tokens {
  idToken: string;
  refreshToken?: string;
}

const authFailures = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidPasswordException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
]);

/** Checks a password. Undefined for any wrong credential (unknown email and wrong password look the same). */
export const passwordSignIn = async (email: string, password: string): Promise<Tokens | undefined> => {
  try {
    const out = await cognitoClient().send(
      new InitiateAuthCommand({
        ClientId: functionConfig().userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const r = out.AuthenticationResult;
    if (!r?.IdToken) return undefined;
    return { idToken: r.IdToken, refreshToken: r.RefreshToken };
  } catch (err) {
    if (authFailures.has((err as { name?: string }).name ?? '')) return undefined;
    throw err;
  }
};

export const refreshSignIn = async (refreshToken: string): Promise<Tokens | undefined> => {
  try {
    const out = await cognitoClient().send(
      new InitiateAuthCommand({
        ClientId: functionConfig().userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    const r = out.AuthenticationResult;
    return r?.IdToken ? { idToken: r.IdToken, refreshToken } : undefined;
  } catch (err) {
    if (authFailures.has((err as { name?: string }).name ?? '')) return undefined;
    throw err;
  }
};

/** Revokes every refresh token of the user, so no new ID token can be had from them. */
export const signOutEverywhere = async (email: string) => {
  await cognitoClient().send(
    new AdminUserGlobalSignOutCommand({ UserPoolId: functionConfig().userPoolId, Username: email }),
  );
};
