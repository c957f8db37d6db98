import type { ApiInput } from './client';
import { answer } from './client';

/**
 * The account calls of the SPA, typed from the contract (shared/src/contract/auth.ts). No
 * `ipaddress` is sent: the server reads the caller's address itself, so the browser asks no
 * third-party IP service.
 */
type Body<K extends Parameters<typeof answer>[0]> = ApiInput<K> extends { body?: infer B } ? NonNullable<B> : never;

export const authApi = {
  register: (body: Body<'POST /api/auth/register'>) => answer('POST /api/auth/register', { body }),
  confirm: (body: Body<'POST /api/auth/confirm'>) => answer('POST /api/auth/confirm', { body }),
  resendCode: (email: string) => answer('POST /api/auth/resend-code', { body: { email } }),
  login: (body: Body<'POST /api/auth/login'>) => answer('POST /api/auth/login', { body }),
  forgot: (email: string) => answer('POST /api/auth/forgot', { body: { email } }),
  reset: (body: Body<'POST /api/auth/reset'>) => answer('POST /api/auth/reset', { body }),
  setPassword: (body: Body<'POST /api/auth/set-password'>) => answer('POST /api/auth/set-password', { body }),
  me: () => answer('GET /api/auth/me', {}),
  // A revoked or expired session cannot be signed out again; that is not a reason to stay signed in.
  logout: (signal?: AbortSignal) => answer('POST /api/auth/logout', {}, { onUnauthorized: 'ignore', signal }),
  firstPassword: (body: Omit<Body<'POST /api/auth/first-password'>, 'loginstep'>) =>
    answer('POST /api/auth/first-password', { body: { ...body, loginstep: 'yes' } }),
  changePassword: (body: Body<'POST /api/auth/change-password'>) =>
    answer('POST /api/auth/change-password', { body }),
};

export type AddTeamUserInput = Body<'POST /api/team'>;
