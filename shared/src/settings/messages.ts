/**
 * User-facing texts of the settings screen (MyProfile). Quoted texts of the spec
 * (account-and-billing §5) are used word for word, typos included; the rest say plainly what is
 * wrong and what to do. The old image message ('Min image file size is 1MB and max file size is
 * 4MB') contradicted the real 2 MB limit, so ours states the limit.
 */
export const settingsMessages = {
  // spec §5, customer S3, in the form's order
  awsAccessKeyRequired: 'Aws accesskey is required',
  awsSecretKeyRequired: 'Aws secretkey is required',
  s3BucketRequired: 'S3 Bucket name is required',
  awsRegionRequired: 'Aws region is required',
  // spec §5, the other storages
  azureConnectionStringRequired: 'Please enter Azure Connection String.',
  gdriveBothRequired: 'Both crdential and token have to has value.',
  ftpAccountRequired: 'Please enter correct FTP account.',
  localPathRequired: 'Please enter Local path.',
  // spec §5, Office 365, competency partner, key pair / blockchain choice
  office365Required: 'Please fill requred input box',
  competencyNameRequired: 'Competency name is required!',
  selectBlockchain: 'Please select blockchain type',

  // our own
  unknownSetting: 'Unknown setting: please choose one of the settings blocks.',
  selectVersion: 'Please select the certificate version (v2 or v3).',
  selectYesOrNo: 'Please choose one of the two options.',
  selectStorageChoice: "Please choose Proofmark's storage or your own S3 bucket.",
  selectSmtpType: 'Please choose OAuth or user name and password.',
  s3BucketInvalid:
    'Please enter a valid S3 bucket name: 3 to 63 lowercase letters, digits, dots and hyphens.',
  awsRegionInvalid: 'Please enter a valid region, for example eu-west-1.',
  invalidUrl: 'Please enter a valid URL starting with http:// or https://.',
  invalidEmail: 'Please enter a valid email address.',
  invalidCc: 'Please enter valid CC email addresses, separated by commas.',
  invalidPort: 'Please enter a port between 1 and 65535.',
  invalidHost: 'Please enter a host name without spaces or slashes, optionally followed by :port.',
  invalidAzureConnectionString:
    'The Azure connection string is not valid: copy it from the storage account’s Access keys page.',
  invalidGdriveCredential:
    'The Google Drive credential must be the JSON file of an OAuth client (with client_id and client_secret).',
  invalidGdriveToken:
    'The Google Drive token must be the JSON token file (with an access_token or a refresh_token).',
  localPathNotAbsolute: 'Please enter an absolute local path (starting with /).',
  gasPriceTooLong: 'Gas price can be at most 3 characters.',
  gasPriceNotNumber: 'Gas price must be a number.',
  contactEmailRequired: 'Please enter the contact email.',
  stripePublicKeyInvalid: 'The payment public key starts with pk_.',
  stripeSecretKeyInvalid: 'The payment secret key starts with sk_ or rk_.',
  verificationFeeInvalid: 'The verification fee is an amount from 0.50 to 100000 with at most two decimals, or empty.',
  verificationCurrencyInvalid: 'Please choose a currency for the verification fee.',
  partnerSignatoriesCount: 'Please enter one to three signatories.',
  partnerFieldRequired: 'Please fill in every field of each signatory.',
  tooLong: 'This value is too long.',
  mainAdminOnly: 'Only the main administrator can change mail, storage and payment settings.',
  saved: 'Settings saved.',

  // images (logo, signature)
  imageMissing: 'Please choose an image to upload.',
  imageTooLarge: 'The image is too large: the maximum file size is 2 MB.',
  imageWrongType: 'Please upload a PNG or JPEG image.',
  logoUploaded: 'Logo uploaded.',
  signatureUploaded: 'Signature image uploaded.',

  // test connection / test mail / Office 365 token
  storageNotChosen: 'Please choose a storage and save its settings first.',
  storageTestPassed: 'Test connection succeeded: a test file was written and deleted.',
  mailNotConfigured: 'Please fill in and save the mail settings first.',
  smtpIncomplete: 'Please fill in the SMTP host, port, user name and password, and save them first.',
  oauthIncomplete:
    'Please fill in the OAuth user name, client id, client secret and refresh token, and save them first.',
  smtpSaveIncomplete:
    'The mail settings were not saved: please fill in the SMTP host, port, user name and password.',
  oauthSaveIncomplete:
    'The mail settings were not saved: please fill in the OAuth user name, client id, client secret and refresh token.',
  office365SaveFirst:
    'Please save the Office 365 client id, client secret and tenant id before fetching a token.',
  // spec §5: the token fetch names each missing field
  office365MissingField: (field: 'client id' | 'client secret' | 'tenant id') =>
    `Please enter the Office 365 ${field} and save the settings before fetching a token.`,
  office365TokenFetched: 'The Office 365 token was fetched and saved.',
  office365NoToken: 'Please fetch the Office 365 token first.',
  testMailSubject: 'Proofmark test email',
  testMailSent: (to: string) => `A test email was sent to ${to}.`,
  privateTarget: 'the server address is private or local; only public servers can be used.',
  localFolderNotAllowed:
    'a local folder can be used only when Proofmark runs on one machine, and only inside its data folder (.data/).',
  storageTestFailed: (reason: string) => `Test connection failed: ${reason}`,
  mailTestFailed: (reason: string) => `The test email could not be sent: ${reason}`,
  office365TokenFailed: (reason: string) => `The Office 365 token could not be fetched: ${reason}`,
} as const;
