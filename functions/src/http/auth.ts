import { authRoutes } from '@proofmark/shared/contract/auth';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { confirmEmail, register, resendConfirmationCode } from '../domain/accounts/registration';
import { login, logout, refresh, sessionFor } from '../domain/accounts/sessions';
import {
  changePassword,
  finishPasswordReset,
  setFirstPassword,
  setPasswordWithLink,
  startPasswordReset,
} from '../domain/accounts/passwords';
import { limitClient } from '../domain/client-limits';
import { sourceIpOf } from './event';
import { httpGroup } from './route-group';

export const handler = httpGroup(authRoutes, {
  'POST /api/auth/register': async ({ body }, { event }) => {
    await limitClient('register', sourceIpOf(event));
    await register(body, sourceIpOf(event));
    return { message: accountMessages.registered };
  },
  'POST /api/auth/confirm': async ({ body }) => {
    await confirmEmail(body.email, body.code);
    return { message: accountMessages.confirmed };
  },
  'POST /api/auth/resend-code': async ({ body }, { event }) => {
    await limitClient('resendCode', sourceIpOf(event));
    await resendConfirmationCode(body.email, sourceIpOf(event));
    return { message: accountMessages.codeSent };
  },
  'POST /api/auth/login': async ({ body }, { event }) => ({
    message: accountMessages.signedIn,
    data: await login(body.email, body.password, sourceIpOf(event)),
  }),
  'POST /api/auth/refresh': async ({ body }) => ({ data: await refresh(body.refreshToken) }),
  'POST /api/auth/forgot': async ({ body }, { event }) => {
    await limitClient('forgot', sourceIpOf(event));
    await startPasswordReset(body.email, sourceIpOf(event));
    return { message: accountMessages.codeSent };
  },
  'POST /api/auth/reset': async ({ body }) => {
    await finishPasswordReset(body.email, body.code, body.newpassword);
    return { message: accountMessages.passwordReset };
  },
  'POST /api/auth/set-password': async ({ body }, { event }) => {
    await limitClient('setPassword', sourceIpOf(event));
    await setPasswordWithLink(body.token, body.newpassword);
    return { message: accountMessages.passwordSet };
  },
  'GET /api/auth/me': async (_input, { user }) => ({ data: await sessionFor(user) }),
  'POST /api/auth/logout': async (_input, { user }) => {
    await logout(user);
    return { message: accountMessages.loggedOut };
  },
  'POST /api/auth/first-password': async ({ body }, { user }) => {
    await setFirstPassword(user, body.newpassword);
    return { message: accountMessages.passwordChanged };
  },
  'POST /api/auth/change-password': async ({ body }, { user }) => {
    await changePassword(user, body.OldPassword, body.NewPassword);
    return { message: accountMessages.passwordChanged };
  },
});
