/**
 * Every user-facing text of the issuance workspace and the approval screen (spec:
 * certificate-operations §2.5, §2.6, §4, §5, §8). Quoted spec messages are kept word for word
 * ({product} = Proofmark); where the old product's text contradicted its own limit (the zip cap),
 * the text states the real limit. The rest are ours and say what to do next.
 */
export const PRODUCT = 'Proofmark';

export const workspaceMessages = {
  // §5 selection
  noSelectedStudents: 'There is no selected students',
  noSelectedItems: 'There is no selected items',
  selectCorrectItems: 'Please select correct items',
  selectCorrectItemsDot: 'Please select correct items.',
  selectBlockchain: 'Please select blockchain',
  // The spec's words, then the ways forward (a recipient needs an identity before Generate).
  allInvitePending:
    'All the selected students has Invite pending status. Give them an identity in Manage Students: send wallet invitations, or use "Copy email as public key".',
  someInvitePending:
    'Some selected students has Invite pending status. Give them an identity in Manage Students: send wallet invitations, or use "Copy email as public key".',
  noHoldStudents: 'There is no selected hold students',
  zipCap: (cap: number) => `Please select up to ${cap} of students.`,
  noDownloadType: 'There is no selected certificates type. You must select certificates type at least one.',
  inputEmail: 'Please input email.',
  inputPassword: 'Please input password.',
  revokeReason: 'Please enter revoke reason.',
  noGeneratedCertificates: 'There is no generated certificates',
  addressBounced: (email: string) =>
    `mail to ${email} bounced earlier, so it was not sent again; correct the email in Manage Students to send again`,

  // §5 approval screen
  approvalNothingSelected: 'There is no selected students.',
  approvalSelectIssued: 'Please select issued students.',

  // §4 long-running work
  generating: 'Generating certificates: this may take several minutes.',
  baking: 'Baking OpenBadges: this may take several minutes.',
  issuing: 'Issuing: this may take several minutes or hours.',

  // §8 balance
  insufficientBalance: `You have insufficient balance to issue. Send a request to the ${PRODUCT} team to Top Up.`,
  /** A refunded payment took back certificates that were already used: issuing waits for a new plan. */
  negativeBalance: (balance: number) =>
    `Your balance is ${balance} certificates because a refunded payment took back certificates that were already used. Buy a plan to bring it above zero before issuing.`,
  topUpSent: `Send a request to the ${PRODUCT} team.`,
  topUpMailFailed: `Send a request to the ${PRODUCT} team, But failed by incorrect email setting.`,

  // §8 fallbacks for low-level failures a chain client or the file system may still let through
  generateFirst: 'Please generate certificates firstly',
  balanceNotSufficient: 'The balance is not sufficient',
  checkSelectedItems: 'Please check selected items again.',

  // §8 downloads and success
  success: 'Success',
  downloadDone: 'Download successfully.',
  downloadFailed: 'Downloading preview files is failed.',

  // Ours
  wrongCredentials: 'The email or password is not correct.',
  notYourEmail: 'Please enter the email address you signed in with.',
  generateKeyFirst: 'Generate a key pair for this blockchain first (My Profile → Generate key pair).',
  scheduleInPast: 'Please choose a date and time in the future.',
  scheduleTooFar: 'Issuance can be scheduled at most one year ahead.',
  reviewSent: 'Sent for Review.',
  resetDone: 'The selected certificates were reset.',
  validated: 'Validated.',
  held: 'The selected certificates are on hold.',
  unheld: 'The selected certificates are active again.',
  revoked: 'The selected certificates are revoked.',
  sending: 'Sending certificates: this may take several minutes.',
  preparingDownload: 'Preparing the download: this may take several minutes.',
  approved: 'Approved.',
  declined: 'Declined.',
  declineReason: 'Please enter decline reason.',
  noSuchRun: 'No such job.',
  consolidatedCap: (cap: number) =>
    `A consolidated PDF holds at most ${cap} certificates. Choose individual files, or fewer certificates.`,
  tooManyRows: (max: number) => `Please select at most ${max} certificates at a time.`,
  issueScheduled: 'Issuance is scheduled: it starts by itself at the chosen time.',
} as const;
