import type {
  addTeamUserRequest,
  changePasswordRequest,
  firstPasswordRequest,
  RegisterRequest,
  resetPasswordRequest,
  SessionData,
  setPasswordRequest,
} from '@proofmark/shared/api/auth';
import { api } from './client';
import type { Answer } from './envelope';
import type { InputOf } from './schemaTypes';

/**
 * The account calls of the SPA, typed from the shared contract. No `ipaddress` is sent: the server
 * reads the caller's address itself, so the browser asks no third-party IP service.
 */
export const authApi = {
  register: (body: RegisterRequest) => api.post<Answer>('/api/auth/register', body),
  confirm: (body: { email: string; code: string }) => api.post<Answer>('/api/auth/confirm', body),
  resendCode: (email: string) => api.post<Answer>('/api/auth/resend-code', { email }),
  login: (body: { email: string; password: string }) => api.post<Answer<SessionData>>('/api/auth/login', body),
  forgot: (email: string) => api.post<Answer>('/api/auth/forgot', { email }),
  reset: (body: InputOf<typeof resetPasswordRequest>) => api.post<Answer>('/api/auth/reset', body),
  setPassword: (body: InputOf<typeof setPasswordRequest>) => api.post<Answer>('/api/auth/set-password', body),
  me: () => api.get<Answer<Omit<SessionData, 'token' | 'refreshToken'>>>('/api/auth/me'),
  // A revoked or expired session cannot be signed out again; that is not a reason to stay signed in.
  logout: (signal?: AbortSignal) =>
    api.post<Answer>('/api/auth/logout', undefined, { onUnauthorized: 'ignore', signal }),
  firstPassword: (body: Omit<InputOf<typeof firstPasswordRequest>, 'loginstep'>) =>
    api.post<Answer>('/api/auth/first-password', { ...body, loginstep: 'yes' }),
  changePassword: (body: InputOf<typeof changePasswordRequest>) =>
    api.post<Answer>('/api/auth/change-password', body),
};

export type AddTeamUserInput = InputOf<typeof addTeamUserRequest>;
