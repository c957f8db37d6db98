import type { SettingsKey, UpdateProfileRequest } from '../contract/profile';
import { settingsMessages as m } from './messages';

/** Logo and signature images: at most 2 MB (spec §9), PNG or JPEG by content. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export type ImageKind = 'png' | 'jpeg';
export const imageContentType: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg' };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What the bytes are, from their magic numbers — never from a file name or a declared type. */
export const imageKindOf = (bytes: Uint8Array): ImageKind | undefined => {
  if (bytes.length >= PNG_MAGIC.length && PNG_MAGIC.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return undefined;
};

/** The problem with an image, in the order a person would fix it, or undefined when it is fine. */
export const imageProblem = (bytes: Uint8Array): string | undefined => {
  if (bytes.length === 0) return m.imageMissing;
  if (bytes.length > MAX_IMAGE_BYTES) return m.imageTooLarge;
  if (!imageKindOf(bytes)) return m.imageWrongType;
  return undefined;
};

/**
 * Settings that send the organisation's data or mail somewhere else, or hold its mail, storage or
 * payment credentials: only the main administrator may change them. Everything else on the
 * settings screen needs the "change profile" (changelogo) permission.
 */
export const mainAdminOnlyKeys: ReadonlySet<SettingsKey> = new Set<SettingsKey>([
  'smtp',
  'office365',
  's3information',
  'azureinformation',
  'gdriveinformation',
  'ftpinformation',
  'localinformation',
  'stripeinformation',
]);

/** The write-only fields of the profile (each shows as `{configured, hint?}`). */
export const secretFields = [
  'smtppassword',
  'smtpclientsecret',
  'smtprefreshtoken',
  'office365clientsecret',
  'office365accesstoken',
  'office365refreshtoken',
  'awssecretkey',
  'azureConnectionString',
  'gdriveCredential',
  'gdriveToken',
  'ftppassword',
  'stripesecretkey',
  'stripeproductapikey',
] as const;
export type SecretField = (typeof secretFields)[number];

/** Passwords get no hint: even four characters of a password help a guesser. */
export const secretHasHint = (field: SecretField) => field !== 'smtppassword' && field !== 'ftppassword';

/** The new secret values a block carries (absent ones are kept). */
export const secretsIn = (req: UpdateProfileRequest): Partial<Record<SecretField, string>> => {
  switch (req.key) {
    case 'smtp':
      return {
        smtppassword: req.password,
        smtpclientsecret: req.clientsecret,
        smtprefreshtoken: req.refreshtoken,
      };
    case 'office365':
      return { office365clientsecret: req.clientsecret };
    case 's3information':
      return req.choice === 'customer' ? { awssecretkey: req.secretkey } : {};
    case 'azureinformation':
      return { azureConnectionString: req.connectionstring };
    case 'gdriveinformation':
      return { gdriveCredential: req.credential, gdriveToken: req.token };
    case 'ftpinformation':
      return { ftppassword: req.password };
    case 'stripeinformation':
      return { stripesecretkey: req.secretkey, stripeproductapikey: req.productapikey };
    default:
      return {};
  }
};

/**
 * The spec's message when a block is saved without a secret it needs and none is stored yet
 * (an empty secret field means "keep the stored one", so this needs to know what is stored).
 */
export const missingSecretMessage = (
  req: UpdateProfileRequest,
  configured: (f: SecretField) => boolean,
): string | undefined => {
  const has = (f: SecretField, value: string | undefined) => Boolean(value) || configured(f);
  switch (req.key) {
    case 'office365':
      return has('office365clientsecret', req.clientsecret) ? undefined : m.office365Required;
    case 's3information':
      return req.choice === 'customer' && !has('awssecretkey', req.secretkey)
        ? m.awsSecretKeyRequired
        : undefined;
    case 'azureinformation':
      return has('azureConnectionString', req.connectionstring) ? undefined : m.azureConnectionStringRequired;
    case 'gdriveinformation':
      return has('gdriveCredential', req.credential) && has('gdriveToken', req.token)
        ? undefined
        : m.gdriveBothRequired;
    case 'ftpinformation':
      return has('ftppassword', req.password) ? undefined : m.ftpAccountRequired;
    default:
      return undefined;
  }
};
