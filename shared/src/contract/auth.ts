import * as z from 'zod';
import { accountMessages } from '../accounts/messages';
import { PASSWORD_MAX, PASSWORD_MIN } from '../accounts/password-policy';
import { permissionFlags } from '../accounts/permissions';
import { envelope } from './envelope';
import { isSafeText, unsafeTextMessage } from '../text';
import { anyone, defineRoutes, ownAccount, ownAccountDuringPasswordChange } from './define';

/** Choices of the registration form (spec: account-and-billing §9). */
export const graduatesMembersChoices = ['1 - 5,000', '5,001 - 10,000'] as const;
export const registrationJobTitles = [
  'Accounting',
  'Human Resources',
  'Information Technology and Digital Media',
  'Real Estate',
] as const;
export const discoveryChoices = ['Google or web search', 'Friend refer'] as const;

/** An email address, trimmed and lower-cased. The team's requests (team.ts) use it, `name` and `required` too. */
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address.' }).max(254));
export const name = (label: string) =>
  z.string().trim().min(1, `Please enter the ${label}.`).max(100).refine(isSafeText, unsafeTextMessage);
/** Length limits only here; the common-password check is the server's (it holds the list). */
const newPassword = z
  .string()
  .refine((p) => [...p].length >= PASSWORD_MIN, accountMessages.passwordTooShort)
  .refine((p) => [...p].length <= PASSWORD_MAX, accountMessages.passwordTooLong);
export const required = (message: string) => z.string({ error: message }).min(1, message);
const url = z
  .string()
  .trim()
  .max(2048)
  // People type "westbrook.edu": the scheme is added rather than the address refused.
  .transform((u) => (u === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(u) ? u : `https://${u}`))
  .refine(
    (u) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(u),
    'Please enter a valid URL starting with http:// or https://.',
  );

/** Spec §3 registration payload. `ipaddress` is accepted for compatibility and ignored: the server reads the address itself. */
export const registerRequest = z.object({
  fname: name('first name'),
  lname: name('last name'),
  Organization_Name: name('organization name'),
  email,
  Organization_URL: url,
  password: newPassword,
  Graduates_Members: z.enum(graduatesMembersChoices, { error: 'Please select graduates per year.' }),
  Job_Title: z.enum(registrationJobTitles, { error: 'Please select your job title.' }),
  How_did_you_find_us: z.enum(discoveryChoices, { error: 'Please select how you found us.' }),
  ipaddress: z.string().optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const confirmRequest = z.object({
  email,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, accountMessages.badCode),
});
export const emailOnlyRequest = z.object({ email });

export const loginRequest = z.object({
  email,
  password: z.string().min(1, accountMessages.badCredentials).max(1024),
  ipaddress: z.string().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const permissionsSchema = z.object(
  Object.fromEntries(permissionFlags.map((f) => [f, z.union([z.literal(0), z.literal(1)])])) as {
    [K in (typeof permissionFlags)[number]]: z.ZodUnion<[z.ZodLiteral<0>, z.ZodLiteral<1>]>;
  },
);

/** Spec §3 login response / session data, plus the refresh token and the caller's permissions. */
export const sessionData = z.object({
  token: z.string(),
  refreshToken: z.string().optional(),
  user_id: z.string(),
  organization_verify_uri: z.string(),
  organization_name: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  issued: z.number(),
  inprogress: z.number(),
  /** 1 when an administrator set the password and the user must choose a new one first. */
  ispasswordchanged: z.union([z.literal(0), z.literal(1)]),
  current_year: z.number(),
  isadmin: z.union([z.literal(0), z.literal(1)]),
  permissions: permissionsSchema,
});
export type SessionData = z.infer<typeof sessionData>;
export const loginResponse = envelope(sessionData);
/** The session as GET /api/auth/me answers it: without the tokens. */
export const meData = sessionData.omit({ token: true, refreshToken: true });
export const meResponse = envelope(meData);

export const refreshRequest = z.object({ refreshToken: z.string().min(1) });
export const refreshData = z.object({ token: z.string() });

/** A new password typed twice, each field with its own "please enter" message (spec §3). */
const newPasswordTwice = {
  newpassword: z.string({ error: accountMessages.inputNewPassword }).min(1, accountMessages.inputNewPassword),
  confirmpassword: z
    .string({ error: accountMessages.inputConfirmPassword })
    .min(1, accountMessages.inputConfirmPassword),
};
const confirmMatches = (v: { newpassword: string; confirmpassword: string }) =>
  v.newpassword === v.confirmpassword;
const confirmMismatch = { message: accountMessages.newAndConfirmDiffer, path: ['confirmpassword'] };

/** First-login change (spec §3: newpassword, confirmpassword, loginstep 'yes'); messages in the spec's order. */
export const firstPasswordRequest = z
  .object({
    ...newPasswordTwice,
    loginstep: z.literal('yes').optional(),
  })
  .refine(confirmMatches, confirmMismatch)
  .pipe(
    z.object({
      newpassword: newPassword,
      confirmpassword: z.string(),
      loginstep: z.literal('yes').optional(),
    }),
  );

/** Settings change (spec §3: OldPassword, NewPassword, ConfirmPassword, loginstep, ipaddress). */
export const changePasswordRequest = z
  .object({
    OldPassword: z
      .string({ error: accountMessages.allFieldsRequired })
      .min(1, accountMessages.allFieldsRequired),
    NewPassword: z
      .string({ error: accountMessages.allFieldsRequired })
      .min(1, accountMessages.allFieldsRequired),
    ConfirmPassword: z
      .string({ error: accountMessages.allFieldsRequired })
      .min(1, accountMessages.allFieldsRequired),
    loginstep: z.string().optional(),
    ipaddress: z.string().optional(),
  })
  .refine((v) => v.NewPassword === v.ConfirmPassword, {
    message: accountMessages.newAndConfirmDiffer,
    path: ['ConfirmPassword'],
  })
  .refine((v) => v.NewPassword === '' || v.NewPassword !== v.OldPassword, {
    message: accountMessages.newPasswordSameAsOld,
    path: ['NewPassword'],
  })
  .pipe(z.object({ OldPassword: z.string(), NewPassword: newPassword, ConfirmPassword: z.string() }));

export const resetPasswordRequest = z
  .object({
    email,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, accountMessages.badCode),
    newpassword: z.string().min(1, accountMessages.inputNewPassword),
    confirmpassword: z.string().min(1, accountMessages.inputConfirmPassword),
  })
  .refine(confirmMatches, confirmMismatch)
  .pipe(
    z.object({ email: z.string(), code: z.string(), newpassword: newPassword, confirmpassword: z.string() }),
  );

/** A set-password link's token: 32 random bytes, base64url (43 characters); a little room, no more. */
export const SET_PASSWORD_TOKEN_MAX = 128;

/** The set-password page (link from an invitation or an administrator's reset). */
export const setPasswordRequest = z
  .object({
    token: z
      .string({ error: accountMessages.setPasswordLinkInvalid })
      .trim()
      .min(1, accountMessages.setPasswordLinkInvalid)
      .max(SET_PASSWORD_TOKEN_MAX, accountMessages.setPasswordLinkInvalid)
      .regex(/^[A-Za-z0-9_-]+$/, accountMessages.setPasswordLinkInvalid),
    ...newPasswordTwice,
  })
  .refine(confirmMatches, confirmMismatch)
  .pipe(z.object({ token: z.string(), newpassword: newPassword, confirmpassword: z.string() }));
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;

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
