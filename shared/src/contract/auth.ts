import * as z from 'zod';
import {
  changePasswordRequest,
  confirmRequest,
  emailOnlyRequest,
  firstPasswordRequest,
  loginRequest,
  meData,
  refreshData,
  refreshRequest,
  registerRequest,
  resetPasswordRequest,
  sessionData,
  setPasswordRequest,
} from '../api/auth';
import { anyone, defineRoutes, ownAccount, ownAccountDuringPasswordChange } from './define';

/** /api/auth: registration, sign-in, sessions and passwords. */
export const authRoutes = defineRoutes({
  'POST /api/auth/register': { access: anyone, body: registerRequest, data: z.null() },
  'POST /api/auth/confirm': { access: anyone, body: confirmRequest, data: z.null() },
  'POST /api/auth/resend-code': { access: anyone, body: emailOnlyRequest, data: z.null() },
  'POST /api/auth/login': { access: anyone, body: loginRequest, data: sessionData },
  'POST /api/auth/refresh': { access: anyone, body: refreshRequest, data: refreshData },
  'POST /api/auth/forgot': { access: anyone, body: emailOnlyRequest, data: z.null() },
  'POST /api/auth/reset': { access: anyone, body: resetPasswordRequest, data: z.null() },
  // The set-password link of an invitation or an administrator's reset: the token is the proof.
  'POST /api/auth/set-password': { access: anyone, body: setPasswordRequest, data: z.null() },
  'GET /api/auth/me': { access: ownAccountDuringPasswordChange, data: meData },
  'POST /api/auth/logout': { access: ownAccountDuringPasswordChange, data: z.null() },
  'POST /api/auth/first-password': {
    access: ownAccountDuringPasswordChange,
    body: firstPasswordRequest,
    data: z.null(),
  },
  'POST /api/auth/change-password': { access: ownAccount, body: changePasswordRequest, data: z.null() },
});
