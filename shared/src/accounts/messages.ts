/**
 * User-facing texts of the account area. Quoted texts of the spec are used word for word; the rest
 * say plainly what is wrong and what to do.
 */
export const accountMessages = {
  // spec: account-and-billing §5, change password in settings
  allFieldsRequired: 'Please enter all fields',
  newAndConfirmDiffer: 'new password and confirm did not matched',
  // spec §5, first-login change, in this order
  inputNewPassword: 'Please input new password',
  inputConfirmPassword: 'Please input confirm password',
  // spec §5, add user
  passwordsDoNotMatch: 'Password and confirmation password do not match.',
  // password policy (OWASP ASVS level 2)
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordTooLong: 'Password must be at most 128 characters long.',
  passwordTooCommon: 'This password is one of the most common passwords. Please choose another one.',
  // sign-in
  badCredentials: 'Incorrect email or password.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  tooManyRequests: 'Too many requests from your network. Please wait 15 minutes and try again.',
  confirmEmailFirst: 'Please confirm your email address first: enter the code we sent you.',
  mustChangePassword: 'Please change your password before you continue.',
  signedIn: 'Signed in successfully.',
  // registration and confirmation
  emailTaken: 'An account with this email already exists. Sign in or reset your password.',
  registered: 'Your account has been created. We sent a confirmation code to your email.',
  badCode: 'The code is wrong or has expired. Request a new code and try again.',
  confirmed: 'Your email is confirmed. You can sign in now.',
  codeSent: 'If an account exists for this email, we sent it a code.',
  // passwords
  passwordChanged: 'Your password has been changed.',
  firstPasswordNotRequired:
    'Your password does not need to be changed here: use Change Password in My Profile, with your old password.',
  oldPasswordWrong: 'The old password is not correct.',
  newPasswordSameAsOld: 'The new password must be different from the old one.',
  passwordReset: 'Your password has been reset. Please sign in.',
  // team
  teamMainAdminOnly: 'Only the main administrator can manage the team.',
  teamUserAdded: 'The user has been added and invited by email.',
  permissionsUpdated: 'Permissions updated.',
  cannotEditMainAdmin: "The main administrator's permissions cannot be changed.",
  noSuchMember: 'There is no such team member.',
  memberDeactivated: 'The user has been deactivated. They can no longer sign in or use the app.',
  memberReactivated: 'The user has been reactivated.',
  memberRemoved: 'The user has been removed from the team.',
  cannotChangeMainAdmin: 'The main administrator cannot be deactivated or removed.',
  accountDeactivated: 'Your account has been deactivated. Please contact your administrator.',
  loggedOut: 'Signed out.',
  // set-password links (invitation and administrator reset)
  setPasswordLinkInvalid:
    'This link has expired or has already been used. Please ask your administrator for a new one.',
  passwordSet: 'Your password has been set. You can sign in now.',
  invitationResent: 'A new invitation link has been sent. The previous link no longer works.',
  invitationAlreadyAccepted: 'This user has already set a password: use Reset password instead.',
  memberPasswordReset:
    'A password reset link has been sent to the user. They have been signed out everywhere.',
} as const;

/** Alert for each missing Add user field (spec §5: "each with an alert"). */
export const addUserFieldMessages = {
  firstname: 'Please enter the first name.',
  lastname: 'Please enter the last name.',
  email: 'Please enter the email.',
  job_title: 'Please select the role.',
} as const;
