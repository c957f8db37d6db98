/**
 * User-facing texts of the live demo and the demo request (certificate-operations §2.7, §5;
 * account-and-billing §2, §5). Quoted texts of the spec are used word for word.
 */
export const demoMessages = {
  // §5 wizard
  waitForPublicKey: 'You can not perform next step til receive publickey.',
  issueFirst: 'Please issue before go to next step.',
  sendMailFirst: 'You should send mail before press next button.',
  fillAllFields: 'Please fill in your first name, last name and email.',
  followYourEmail:
    'Follow your email: open the introduction email we sent you and add us in your Blockcerts Wallet. Your public key appears here once your wallet has introduced itself.',
  // answers
  recipientAdded: 'You are added as a recipient of the demo issuer.',
  invitationSent: 'The introduction email has been sent. Check your inbox.',
  publicKeyReceived: 'Your public key has been received.',
  issuing: 'Your certificate is being anchored on the blockchain. This takes a few seconds.',
  issued: 'Your certificate has been issued.',
  certificateMailSent: 'Your certificate has been sent. Check your inbox.',
  unknownDemo: 'This demo has expired or does not exist. Please start again.',
  onePerDay:
    'A demo certificate has already been issued to this email today. Please come back tomorrow, or request a live demo.',
  tooManyForEmail: 'Too many demo emails for this address. Please wait an hour and try again.',
  tooManyFromNetwork: 'Too many demo requests from your network. Please wait an hour and try again.',
  demoResting: 'The live demo has issued all the certificates it may today. Please try again tomorrow.',
  // the demo request form (account-and-billing §2, §5)
  requestReceived: 'Thank you! Your demo request has been received. We will contact you shortly.',
  requestFailed: 'Your request could not be sent. Please try again in a moment.',
} as const;

/** Step 6's texts, word for word (§2.7). */
export const demoFinalTexts = [
  'ALL Done !!',
  'Reciver imports the certificate in BLOCKCERTS APP',
  'Own your certificate - Once and for all !',
  'Show and share the way you want !',
] as const;

/** The demo request form's choices (account-and-billing §9, and §1 for who uses the product). */
export const demoFindUsChoices = ['Google', 'Web search'] as const;
export const demoDescribeChoices = [
  'School',
  'College or university',
  'Employer',
  'Association',
  'Training provider',
  'Other',
] as const;
