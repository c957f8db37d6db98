import { randomUUID } from 'node:crypto';
import { AppError, badRequest, forbidden } from '@proofmark/shared/errors';
import type { ImageData, ProfileData, UpdateProfileRequest } from '@proofmark/shared/contract/profile';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import {
  imageContentType,
  imageKindOf,
  imageProblem,
  mainAdminOnlyKeys,
  missingSecretMessage,
  secretFields,
  secretHasHint,
  type SecretField,
} from '@proofmark/shared/settings/rules';
import { deleteObject, presignedGetUrl, putObject } from '../../adapters/blobs';
import { objectKeys } from '../object-keys';
import { publicKeys, publishIssuerDocuments } from '../batches/public-docs';
import { getOrg, listUsers, type OrgRecord, type UserRecord } from '../accounts/users';
import { deleteSecret, putSecret, readSecret, secretStatuses, type SecretStatus } from './secrets';
import { smtpConfigFor } from './smtp-settings';
import {
  getOrgSettings,
  secretName,
  setOrgSettings,
  settingsChangeFor,
  SETTINGS_SECRET_PREFIX,
  type OrgSettings,
} from './org-settings';
import { logger } from '../../adapters/logger';

export type ImageSlot = 'logo' | 'signature';

/** The settings' secret statuses, keyed by profile field. */
const statusesOf = async (orgId: string): Promise<Record<SecretField, SecretStatus>> => {
  const stored = await secretStatuses(orgId, SETTINGS_SECRET_PREFIX);
  return Object.fromEntries(
    secretFields.map((f) => [f, stored.get(secretName(f)) ?? { configured: false }]),
  ) as Record<SecretField, SecretStatus>;
};

/** The profile from its rows, with the defaults of a new organisation — pure. */
export const profileFrom = (
  user: UserRecord,
  org: OrgRecord | undefined,
  s: OrgSettings,
  secrets: Record<SecretField, SecretStatus>,
  extra: { members: number; logoimage: string | null; signatureimage: string | null },
): ProfileData => ({
  created_at: org?.created_at ?? user.created_at,
  email: user.email,
  fname: user.fname,
  lname: user.lname,
  job_title: user.job_title,
  isadmin: user.isMainAdmin ? 1 : 0,
  isverified: user.emailConfirmed ? 1 : 0,
  organization_name: org?.name ?? '',
  organization_url: org?.url ?? '',
  graduates_members: org?.graduates_members ?? '',
  how_did_you_find_us: org?.how_did_you_find_us ?? '',
  ...extra,

  blockchain: s.blockchain ?? 'ethereum',
  proofmarkversion: s.proofmarkversion ?? 'v3',
  isapimode: s.isapimode ?? 0,
  ishtml: s.ishtml ?? 0,
  downloadmultiplefile: s.downloadmultiplefile ?? 0,
  iss3: s.iss3 ?? 1,
  proofmarkorcustomer: s.proofmarkorcustomer ?? 'proofmark',
  storagetype: s.storagetype ?? 1,

  isoffice365: s.isoffice365 ?? 0,
  smtptype: s.smtptype ?? 0,
  smtphost: s.smtphost ?? '',
  smtpport: s.smtpport ?? null,
  smtpusername: s.smtpusername ?? '',
  smtppassword: secrets.smtppassword,
  smtpclientid: s.smtpclientid ?? '',
  smtpclientsecret: secrets.smtpclientsecret,
  smtprefreshtoken: secrets.smtprefreshtoken,
  smtptokenurl: s.smtptokenurl ?? '',
  smtpfrom: s.smtpfrom ?? '',
  smtpcc: s.smtpcc ?? '',
  mailverifiedat: s.mailverifiedat ?? null,
  office365: {
    clientid: s.office365clientid ?? '',
    clientsecret: secrets.office365clientsecret,
    tenantid: s.office365tenantid ?? '',
    gettokenurl: s.office365gettokenurl ?? '',
    from: s.office365from ?? '',
    accesstoken: secrets.office365accesstoken,
    refreshtoken: secrets.office365refreshtoken,
    tokenexpiresat: s.office365tokenexpiresat ?? null,
  },

  awsaccesskey: s.awsaccesskey ?? '',
  awssecretkey: secrets.awssecretkey,
  s3bucketname: s.s3bucketname ?? '',
  awsregion: s.awsregion ?? '',
  s3endpoint: s.s3endpoint ?? '',
  azureConnectionString: secrets.azureConnectionString,
  gdriveCredential: secrets.gdriveCredential,
  gdriveToken: secrets.gdriveToken,
  ftphost: s.ftphost ?? '',
  ftpuser: s.ftpuser ?? '',
  ftppassword: secrets.ftppassword,
  localpath: s.localpath ?? '',

  issuerurl: s.issuerurl ?? '',
  revocationurl: s.revocationurl ?? '',
  issuername: s.issuername ?? org?.name ?? '',
  issueremail: s.issueremail ?? '',
  verifybaseurl: s.verifybaseurl ?? '',
  baseurl: s.baseurl ?? '',
  gasprice: s.gasprice ?? '',
  contactemail: s.contactemail ?? '',
  stripepublickey: s.stripepublickey ?? '',
  stripesecretkey: secrets.stripesecretkey,
  stripeproductapikey: secrets.stripeproductapikey,
  verificationfeecents: s.verificationfeecents ?? null,
  verificationcurrency: s.verificationcurrency ?? 'usd',

  // Spec §1: batches of up to 2000 certificates.
  cohortsplitlength: s.cohortsplitlength ?? 2000,
  validate: s.validate ?? 0,
  verificationitems: s.verificationitems ?? [],

  competencypartner: s.competencypartner ?? null,
  partnercompany: s.partnercompany ?? null,
});

const imageUrl = (key: string | undefined) =>
  key ? presignedGetUrl('artefacts', key) : Promise.resolve(null);

export const getProfile = async (orgId: string, user: UserRecord): Promise<ProfileData> => {
  const [org, settings, secrets, users] = await Promise.all([
    getOrg(orgId),
    getOrgSettings(orgId),
    statusesOf(orgId),
    listUsers(orgId),
  ]);
  const [logoimage, signatureimage] = await Promise.all([
    imageUrl(settings.logoKey),
    imageUrl(settings.signatureKey),
  ]);
  return profileFrom(user, org, settings, secrets, { members: users.length, logoimage, signatureimage });
};

export const getPartners = async (orgId: string) => {
  const s = await getOrgSettings(orgId);
  return { competencypartner: s.competencypartner ?? null, partnercompany: s.partnercompany ?? null };
};

/**
 * A mail block becomes the one in use only when it could send: the same checks as Send test
 * email, run on what the settings would be after this save (a blank Gmail OAuth block is refused
 * with what is missing, instead of an empty configuration shown as "In use").
 */
const assertMailCanSend = async (orgId: string, change: ReturnType<typeof settingsChangeFor>) => {
  const after = { ...(await getOrgSettings(orgId)), ...change.set };
  const stored = async (f: SecretField) =>
    change.secrets[f] ?? (change.forget.includes(f) ? undefined : await readSecret(orgId, secretName(f)));
  try {
    await smtpConfigFor(after, stored);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const saveMessage: Record<string, string> = {
      [m.smtpIncomplete]: m.smtpSaveIncomplete,
      [m.oauthIncomplete]: m.oauthSaveIncomplete,
    };
    throw badRequest(saveMessage[err.message] ?? err.message);
  }
};

/** Saves one block of the settings screen (spec §7 updateProfile) and returns the new profile. */
export const updateProfile = async (
  orgId: string,
  user: UserRecord,
  req: UpdateProfileRequest,
): Promise<ProfileData> => {
  if (mainAdminOnlyKeys.has(req.key) && !user.isMainAdmin) throw forbidden(m.mainAdminOnly);
  const secrets = await statusesOf(orgId);
  const missing = missingSecretMessage(req, (f) => secrets[f].configured);
  if (missing) throw badRequest(missing);

  const change = settingsChangeFor(req);
  if (req.key === 'smtp') await assertMailCanSend(orgId, change);
  // Secrets first: the settings row never names a storage or mail server whose key is not stored yet.
  await Promise.all(
    Object.entries(change.secrets).map(([field, value]) =>
      putSecret(orgId, secretName(field as SecretField), value, {
        hint: secretHasHint(field as SecretField),
      }),
    ),
  );
  await setOrgSettings(orgId, change.set);
  await Promise.all(change.forget.map((f) => deleteSecret(orgId, secretName(f))));
  return getProfile(orgId, user);
};

export { imageBytesOf } from './image-bytes';


/** The logo is public by nature: verifiers and wallets show it with the issuer's name. */
const publishLogo = async (orgId: string, bytes: Uint8Array, kind: string, contentType: string) => {
  const org = await getOrg(orgId);
  if (!org) return {};
  const logoPublicKey = publicKeys.logo(org.verifierSlug, kind === 'png' ? 'png' : 'jpg');
  await putObject('public', logoPublicKey, bytes, contentType);
  return { logoPublicKey };
};

/**
 * Stores a logo or signature image under a server-generated key (never the uploaded name), after
 * checking its size and, by its first bytes, that it is a PNG or JPEG.
 */
export const uploadImage = async (orgId: string, slot: ImageSlot, bytes: Uint8Array): Promise<ImageData> => {
  const problem = imageProblem(bytes);
  if (problem) throw new AppError(problem === m.imageTooLarge ? 'payload_too_large' : 'bad_request', problem);
  const kind = imageKindOf(bytes)!;
  const key = objectKeys.branding(orgId, slot, randomUUID(), kind === 'png' ? 'png' : 'jpg');
  const contentType = imageContentType[kind];
  const previous = await getOrgSettings(orgId);
  await putObject('artefacts', key, bytes, contentType);
  await setOrgSettings(
    orgId,
    slot === 'logo'
      ? {
          logoKey: key,
          logoContentType: contentType,
          ...(await publishLogo(orgId, bytes, kind, contentType)),
        }
      : { signatureKey: key, signatureContentType: contentType },
  );
  if (slot === 'logo') await publishIssuerDocuments(orgId);
  const old = slot === 'logo' ? previous.logoKey : previous.signatureKey;
  if (old && old !== key) {
    await deleteObject('artefacts', old).catch((err) =>
      logger.warn('could not delete the replaced image', { key: old, error: err as Error }),
    );
  }
  return { url: await presignedGetUrl('artefacts', key), contentType };
};

/** A short-lived URL of the image, or nulls when none was uploaded. */
export const imageOf = async (orgId: string, slot: ImageSlot): Promise<ImageData> => {
  const s = await getOrgSettings(orgId);
  const key = slot === 'logo' ? s.logoKey : s.signatureKey;
  const contentType = (slot === 'logo' ? s.logoContentType : s.signatureContentType) ?? null;
  return key
    ? { url: await presignedGetUrl('artefacts', key), contentType }
    : { url: null, contentType: null };
};
