import {
  changePasswordRequest,
  confirmRequest,
  emailOnlyRequest,
  firstPasswordRequest,
  loginRequest,
  refreshRequest,
  registerRequest,
  resetPasswordRequest,
  setPasswordRequest,
} from '@proofmark/shared/api/auth';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { confirmEmail, register, resendConfirmationCode } from '../domain/registration';
import { login, logout, refresh, sessionFor } from '../domain/sessions';
import {
  changePassword,
  finishPasswordReset,
  setFirstPassword,
  setPasswordWithLink,
  startPasswordReset,
} from '../domain/passwords';
import { limitClient } from '../domain/client-limits';
import { httpGroup, parseBody, sourceIpOf } from './kit';

export const handler = httpGroup({
  'POST /api/auth/register': async (event) => {
    const input = parseBody(event, registerRequest);
    await limitClient('register', sourceIpOf(event));
    await register(input, sourceIpOf(event));
    return { message: accountMessages.registered };
  },
  'POST /api/auth/confirm': async (event) => {
    const { email, code } = parseBody(event, confirmRequest);
    await confirmEmail(email, code);
    return { message: accountMessages.confirmed };
  },
  'POST /api/auth/resend-code': async (event) => {
    const { email } = parseBody(event, emailOnlyRequest);
    await limitClient('resendCode', sourceIpOf(event));
    await resendConfirmationCode(email, sourceIpOf(event));
    return { message: accountMessages.codeSent };
  },
  'POST /api/auth/login': async (event) => {
    const { email, password } = parseBody(event, loginRequest);
    return { message: accountMessages.signedIn, data: await login(email, password, sourceIpOf(event)) };
  },
  'POST /api/auth/refresh': async (event) => ({
    data: await refresh(parseBody(event, refreshRequest).refreshToken),
  }),
  'POST /api/auth/forgot': async (event) => {
    const { email } = parseBody(event, emailOnlyRequest);
    await limitClient('forgot', sourceIpOf(event));
    await startPasswordReset(email, sourceIpOf(event));
    return { message: accountMessages.codeSent };
  },
  'POST /api/auth/reset': async (event) => {
    const { email, code, newpassword } = parseBody(event, resetPasswordRequest);
    await finishPasswordReset(email, code, newpassword);
    return { message: accountMessages.passwordReset };
  },
  'POST /api/auth/set-password': async (event) => {
    const { token, newpassword } = parseBody(event, setPasswordRequest);
    await limitClient('setPassword', sourceIpOf(event));
    await setPasswordWithLink(token, newpassword);
    return { message: accountMessages.passwordSet };
  },
  'GET /api/auth/me': async (_event, { user }) => ({ data: await sessionFor(user) }),
  'POST /api/auth/logout': async (_event, { user }) => {
    await logout(user);
    return { message: accountMessages.loggedOut };
  },
  'POST /api/auth/first-password': async (event, { user }) => {
    await setFirstPassword(user, parseBody(event, firstPasswordRequest).newpassword);
    return { message: accountMessages.passwordChanged };
  },
  'POST /api/auth/change-password': async (event, { user }) => {
    const body = parseBody(event, changePasswordRequest);
    await changePassword(user, body.OldPassword, body.NewPassword);
    return { message: accountMessages.passwordChanged };
  },
});
