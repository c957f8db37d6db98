import * as z from 'zod';
import { accountMessages, addUserFieldMessages } from '../accounts/messages';
import { PASSWORD_MAX, PASSWORD_MIN } from '../accounts/password-policy';
import { permissionFlags } from '../accounts/permissions';
import { envelope } from './envelope';
import { isSafeText, unsafeTextMessage } from '../text';

/** Choices of the registration form (spec: account-and-billing §9). */
export const graduatesMembersChoices = ['1 - 5,000', '5,001 - 10,000'] as const;
export const registrationJobTitles = [
  'Accounting',
  'Human Resources',
  'Information Technology and Digital Media',
  'Real Estate',
] as const;
export const discoveryChoices = ['Google or web search', 'Friend refer'] as const;
/** Team job titles (spec §6). */
export const teamJobTitles = [
  'Accounting',
  'Human Resources',
  'Information Technology (IT) and Digital Media',
  'Real Estate',
  'Controller of Examination',
  'MIS Manager',
  'Dy. Controller of Examination',
  'Examination Assistant',
] as const;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address.' }).max(254));
const name = (label: string) =>
  z.string().trim().min(1, `Please enter the ${label}.`).max(100).refine(isSafeText, unsafeTextMessage);
/** Length limits only here; the common-password check is the server's (it holds the list). */
const newPassword = z
  .string()
  .refine((p) => [...p].length >= PASSWORD_MIN, accountMessages.passwordTooShort)
  .refine((p) => [...p].length <= PASSWORD_MAX, accountMessages.passwordTooLong);
const required = (message: string) => z.string({ error: message }).min(1, message);
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

/**
 * Team: registerteamuser (spec §7) without a password: the new user chooses their own through the
 * set-password link mailed to them, so no password is ever chosen by someone else or sent by mail.
 */
export const addTeamUserRequest = z.object({
  firstname: required(addUserFieldMessages.firstname).pipe(name('first name')),
  lastname: required(addUserFieldMessages.lastname).pipe(name('last name')),
  email: required(addUserFieldMessages.email).pipe(email),
  job_title: z.enum(teamJobTitles, { error: addUserFieldMessages.job_title }),
});
export type AddTeamUserRequest = z.infer<typeof addTeamUserRequest>;

export const teamMember = z.object({
  user_id: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  job_title: z.string(),
  created_at: z.string(),
  isMainAdmin: z.boolean(),
  permissions: permissionsSchema,
  /** A deactivated user can neither sign in nor call the API until reactivated. */
  deactivated: z.boolean(),
  /** Invited but has not set a password through the mailed link yet (the invitation can be resent). */
  invitationPending: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;
export const teamListResponse = envelope(z.array(teamMember));

/** updatepermission (spec §7): permission flags plus email. */
export const updatePermissionsRequest = permissionsSchema.extend({ email });
export type UpdatePermissionsRequest = z.infer<typeof updatePermissionsRequest>;

/** Deactivate, reactivate or remove one team member, named by email. */
export const teamMemberRequest = z.object({ email });
export type TeamMemberRequest = z.infer<typeof teamMemberRequest>;

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
