import * as z from 'zod';
import { settingsMessages as m } from '../settings/messages';
import { blockchains, storageTypes, type Blockchain, type StorageType } from '../settings/choices';
import {
  feeCents,
  MAX_VERIFICATION_FEE_CENTS,
  MIN_VERIFICATION_FEE_CENTS,
  verificationCurrencies,
} from '../settings/verification-fee';
import { envelope } from './envelope';
import { anyMember, defineRoutes, mainAdmin, writer } from './define';

/**
 * The settings screen's calls (spec: account-and-billing §2 Setting tab, §3 profile / mail /
 * storage / partner fields, §7 getProfile and updateProfile). The same schemas validate the form
 * in the browser and the body on the server.
 *
 * Secrets (mail passwords, OAuth and Office 365 secrets and tokens, storage keys, payment keys) are
 * write-only: a request may carry a new value, and an empty or omitted secret means "keep the
 * stored one"; a response only says whether one is configured and, for keys and tokens, shows its
 * last four characters.
 */

// ——— choices (spec §3, §9) ———

export const certificateVersions = ['v2', 'v3'] as const;
export const storageChoices = ['proofmark', 'customer'] as const;
export const smtpTypes = ['oauth', 'pwd'] as const;
export { blockchains, storageTypes, type Blockchain, type StorageType };
export { verificationCurrencies };
export const storageTypeLabels: Record<StorageType, string> = {
  1: 'S3 bucket',
  2: 'Azure',
  3: 'Google Drive',
  4: 'FTP',
  5: 'Local',
};
/** The old client's mail service index (spec §9): Gmail SMTP 0, Office 365 1. */
export const mailServices = { smtp: 0, office365: 1 } as const;
export const MAX_PARTNER_SIGNATORIES = 3;
// ——— field helpers ———

const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const HOST_RE = /^[A-Za-z0-9._-]+(:\d{1,5})?$/;
const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_RE = /^[a-z0-9-]{2,32}$/;

export const stripTrailingSlashes = (url: string) => url.replace(/\/+$/, '');
const isEmail = (s: string) => z.email().safeParse(s).success;
const isJsonObject = (s: string): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(s);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** Optional free text: trimmed, '' when absent. */
const text = (max = 200) => z.string().trim().max(max, m.tooLong).default('');
const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, m.tooLong);
const optionalUrl = text(2048)
  .refine((u) => u === '' || URL_RE.test(u), m.invalidUrl)
  .transform(stripTrailingSlashes);
const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, m.tooLong)
  .default('')
  .refine((e) => e === '' || isEmail(e), m.invalidEmail);
const ccList = text(2000)
  .transform((s) =>
    s
      .split(/[,;]/)
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((list) => list.every(isEmail), m.invalidCc)
  .transform((list) => list.join(', '));
const optionalPort = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: m.invalidPort })
    .int(m.invalidPort)
    .min(1, m.invalidPort)
    .max(65535, m.invalidPort)
    .optional(),
);
/** 0 or 1, also from a checkbox's true/false or a form's '0'/'1'. */
const flag = z.preprocess(
  (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v),
  z.union([z.literal(0), z.literal(1)], { error: m.selectYesOrNo }),
);
/**
 * A write-only secret: empty or omitted means "keep the stored one". Passwords are not trimmed
 * (a space may be part of one); keys and tokens are.
 */
const secret = (max = 4096, opts: { trim?: boolean } = { trim: true }) =>
  z
    .string()
    .max(max, m.tooLong)
    .optional()
    .transform((v) => {
      const value = opts.trim ? v?.trim() : v;
      return value ? value : undefined;
    });
/** Every block may carry the client's address (spec §7); the server ignores it and reads its own. */
const common = { ipaddress: z.string().max(64).optional() };

// ——— updateProfile: one request per key (spec §7) ———

export const blockchainUpdate = z.object({
  key: z.literal('blockchain'),
  value: z.enum(blockchains, { error: m.selectBlockchain }),
  step: z.string().max(20).optional(),
  ...common,
});
export const versionUpdate = z.object({
  key: z.literal('proofmarkversion'),
  value: z.enum(certificateVersions, { error: m.selectVersion }),
  ...common,
});
/** Excel (0) or API (1) mode. */
export const apiModeUpdate = z.object({ key: z.literal('isapimode'), value: flag, ...common });
/** PNG-based (0) or HTML-based (1) certificates. */
export const htmlUpdate = z.object({ key: z.literal('ishtml'), value: flag, ...common });
/** Download type index: individual PDFs (0) or one consolidated PDF (1); stored as downloadmultiplefile. */
export const downloadTypeUpdate = z.object({ key: z.literal('downloadtype'), value: flag, ...common });
/** Save to S3 (1) or advanced PDF (0). */
export const s3SaveUpdate = z.object({ key: z.literal('iss3'), value: flag, ...common });
/**
 * Validate before issuing (1): the workspace offers Validate (preview) and Validate for Cohort to
 * users with the validate permission (certificate-operations §2.5, profile validate = 1).
 */
export const validateUpdate = z.object({ key: z.literal('validate'), value: flag, ...common });

/** Spec §5: no checks on save ("blank values are sent empty"); Test email says what is missing. */
export const smtpUpdate = z.object({
  key: z.literal('smtp'),
  type: z.enum(smtpTypes, { error: m.selectSmtpType }),
  host: text(253).refine((h) => h === '' || HOST_RE.test(h), m.invalidHost),
  port: optionalPort,
  username: text(254),
  password: secret(1024, { trim: false }),
  clientid: text(512),
  clientsecret: secret(1024),
  refreshtoken: secret(4096),
  /** OAuth token endpoint; empty means Google's (Gmail OAuth). */
  tokenurl: optionalUrl,
  from: optionalEmail,
  cc: ccList,
  ...common,
});

export const office365Update = z.object({
  key: z.literal('office365'),
  clientid: requiredText(m.office365Required, 512),
  clientsecret: secret(1024),
  tenantid: requiredText(m.office365Required, 512),
  /** Token endpoint; empty means Microsoft's for the tenant. */
  gettokenurl: optionalUrl,
  /** The mailbox that sends (and signs in over SMTP with the token). */
  from: optionalEmail,
  ...common,
});

export const s3Update = z
  .object({
    key: z.literal('s3information'),
    choice: z.enum(storageChoices, { error: m.selectStorageChoice }),
    accesskey: text(128),
    secretkey: secret(256),
    bucket: text(63),
    region: text(32),
    /** For S3-compatible services (MinIO, Wasabi, ...); empty means AWS. */
    endpoint: optionalUrl,
    ...common,
  })
  .superRefine((v, ctx) => {
    if (v.choice !== 'customer') return;
    if (!v.accesskey) ctx.addIssue({ code: 'custom', path: ['accesskey'], message: m.awsAccessKeyRequired });
    if (!v.bucket) ctx.addIssue({ code: 'custom', path: ['bucket'], message: m.s3BucketRequired });
    else if (!BUCKET_RE.test(v.bucket))
      ctx.addIssue({ code: 'custom', path: ['bucket'], message: m.s3BucketInvalid });
    if (!v.region) ctx.addIssue({ code: 'custom', path: ['region'], message: m.awsRegionRequired });
    else if (!REGION_RE.test(v.region))
      ctx.addIssue({ code: 'custom', path: ['region'], message: m.awsRegionInvalid });
  });

export const azureUpdate = z.object({
  key: z.literal('azureinformation'),
  connectionstring: secret(4096).refine(
    (s) => s === undefined || /(^|;)\s*(AccountName|BlobEndpoint)=|UseDevelopmentStorage=true/i.test(s),
    m.invalidAzureConnectionString,
  ),
  ...common,
});

export const gdriveUpdate = z.object({
  key: z.literal('gdriveinformation'),
  /** The OAuth client's JSON file (credentials.json). */
  credential: secret(20_000).refine(
    (s) => s === undefined || Boolean(gdriveClientOf(s)),
    m.invalidGdriveCredential,
  ),
  /** The token JSON file (token.json) with a refresh token or an access token. */
  token: secret(20_000).refine((s) => {
    if (s === undefined) return true;
    const t = isJsonObject(s);
    return Boolean(t && (typeof t.refresh_token === 'string' || typeof t.access_token === 'string'));
  }, m.invalidGdriveToken),
  ...common,
});

export const ftpUpdate = z
  .object({
    key: z.literal('ftpinformation'),
    /** host or host:port */
    host: text(253),
    user: text(254),
    password: secret(1024, { trim: false }),
    ...common,
  })
  .superRefine((v, ctx) => {
    if (!v.host || !v.user)
      ctx.addIssue({ code: 'custom', path: [v.host ? 'user' : 'host'], message: m.ftpAccountRequired });
    else if (!HOST_RE.test(v.host)) ctx.addIssue({ code: 'custom', path: ['host'], message: m.invalidHost });
  });

export const localUpdate = z.object({
  key: z.literal('localinformation'),
  path: requiredText(m.localPathRequired, 1024).refine((p) => p.startsWith('/'), m.localPathNotAbsolute),
  ...common,
});

/** Issuer URLs have trailing slashes removed (spec §5). */
export const issuerUpdate = z.object({
  key: z.literal('issuerinformation'),
  issuerurl: optionalUrl,
  revocationurl: optionalUrl,
  verifybaseurl: optionalUrl,
  baseurl: optionalUrl,
  issuername: text(200),
  issueremail: optionalEmail,
  ...common,
});

/** Gas price holds at most 3 characters (spec §5). */
export const gasUpdate = z.object({
  key: z.literal('gasinformation'),
  gasprice: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : (v ?? '')),
    z
      .string()
      .trim()
      .max(3, m.gasPriceTooLong)
      .refine((g) => g === '' || /^\d+(\.\d*)?$/.test(g), m.gasPriceNotNumber),
  ),
  ...common,
});

export const contactUpdate = z.object({
  key: z.literal('contactinformation'),
  contactemail: requiredText(m.contactEmailRequired, 254)
    .transform((e) => e.toLowerCase())
    .refine(isEmail, m.invalidEmail),
  ...common,
});

/** Payment provider (Stripe) keys. */
export const stripeUpdate = z.object({
  key: z.literal('stripeinformation'),
  publickey: text(256).refine((k) => k === '' || k.startsWith('pk_'), m.stripePublicKeyInvalid),
  secretkey: secret(256).refine((k) => k === undefined || /^(sk|rk)_/.test(k), m.stripeSecretKeyInvalid),
  productapikey: secret(256),
  /**
   * The fee of a paid verification request on the public verifier page, in the currency's main
   * unit as people type it (`25`, `25.50`; stored in cents, feeCents). Empty: requests are not taken online.
   */
  verificationfee: text(12).refine((f) => {
    if (f === '') return true;
    const cents = feeCents(f);
    return cents !== null && cents >= MIN_VERIFICATION_FEE_CENTS && cents <= MAX_VERIFICATION_FEE_CENTS;
  }, m.verificationFeeInvalid),
  verificationcurrency: z
    .string()
    .trim()
    .toLowerCase()
    .default('usd')
    .refine((c) => (verificationCurrencies as readonly string[]).includes(c), m.verificationCurrencyInvalid),
  ...common,
});

export const competencyPartnerUpdate = z.object({
  key: z.literal('competencypartnerinformation'),
  competencyname: requiredText(m.competencyNameRequired, 200),
  description: text(2000),
  ...common,
});

export const partnerSignatory = z.object({
  signaturename: requiredText(m.partnerFieldRequired),
  designername: requiredText(m.partnerFieldRequired),
  partnercompanyname: requiredText(m.partnerFieldRequired),
  displayname: requiredText(m.partnerFieldRequired),
});
export type PartnerSignatory = z.infer<typeof partnerSignatory>;

export const partnerCompanyUpdate = z.object({
  key: z.literal('partnercompanyinformation'),
  signatories: z
    .array(partnerSignatory, { error: m.partnerSignatoriesCount })
    .min(1, m.partnerSignatoriesCount)
    .max(MAX_PARTNER_SIGNATORIES, m.partnerSignatoriesCount),
  ...common,
});

export const updateProfileRequest = z.discriminatedUnion(
  'key',
  [
    blockchainUpdate,
    versionUpdate,
    apiModeUpdate,
    htmlUpdate,
    downloadTypeUpdate,
    s3SaveUpdate,
    validateUpdate,
    smtpUpdate,
    office365Update,
    s3Update,
    azureUpdate,
    gdriveUpdate,
    ftpUpdate,
    localUpdate,
    issuerUpdate,
    gasUpdate,
    contactUpdate,
    stripeUpdate,
    competencyPartnerUpdate,
    partnerCompanyUpdate,
  ],
  { error: m.unknownSetting },
);
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
/** What a form holds before parsing (strings for numbers, booleans for flags, ...). */
export type UpdateProfileInput = z.input<typeof updateProfileRequest>;
export type SettingsKey = UpdateProfileRequest['key'];
export const settingsKeys = updateProfileRequest.options.map((o) => o.shape.key.value) as SettingsKey[];

/** The storage blocks, as Test connection takes them (the form's current values; empty secrets mean "the stored one"). */
export const storageRequest = z.discriminatedUnion(
  'key',
  [s3Update, azureUpdate, gdriveUpdate, ftpUpdate, localUpdate],
  { error: m.storageNotChosen },
);
export type StorageRequest = z.infer<typeof storageRequest>;
export const storageKeyType: Record<StorageRequest['key'], StorageType> = {
  s3information: storageTypes.s3,
  azureinformation: storageTypes.azure,
  gdriveinformation: storageTypes.gdrive,
  ftpinformation: storageTypes.ftp,
  localinformation: storageTypes.local,
};

/** Test connection: without a block (`{}` or `{ key: 'saved' }`) it tests the saved storage. */
export const testStorageRequest = z.preprocess(
  (v) => (v && typeof v === 'object' && (v as { key?: unknown }).key ? v : { key: 'saved' }),
  z.discriminatedUnion('key', [...storageRequest.options, z.object({ key: z.literal('saved') })], {
    error: m.storageNotChosen,
  }),
);
export type TestStorageRequest = z.infer<typeof testStorageRequest>;

/** Send test email through the saved mail settings; to the caller unless another address is given. */
export const testMailRequest = z.object({ to: optionalEmail, ...common });
export type TestMailRequest = z.infer<typeof testMailRequest>;

/** Image upload (spec §7 uploadlogoimage: "value holding image data"): base64 or a data: URL. */
export const imageUploadRequest = z.object({
  value: z.string({ error: m.imageMissing }).min(1, m.imageMissing),
});

/** The Google Drive OAuth client inside a credentials.json (installed or web application). */
export const gdriveClientOf = (
  json: string,
): { client_id: string; client_secret: string; redirect_uri?: string } | undefined => {
  const doc = isJsonObject(json);
  const c = (doc?.installed ?? doc?.web ?? doc) as Record<string, unknown> | undefined;
  if (!c || typeof c.client_id !== 'string' || typeof c.client_secret !== 'string') return undefined;
  const uris = Array.isArray(c.redirect_uris)
    ? c.redirect_uris.filter((u): u is string => typeof u === 'string')
    : [];
  return {
    client_id: c.client_id,
    client_secret: c.client_secret,
    ...(uris[0] ? { redirect_uri: uris[0] } : {}),
  };
};

// ——— getProfile ———

export const secretStatus = z.object({ configured: z.boolean(), hint: z.string().optional() });
export type SecretStatusData = z.infer<typeof secretStatus>;
const flagOut = z.union([z.literal(0), z.literal(1)]);

/** Spec §3 profile, with every secret replaced by its status. */
export const profileData = z.object({
  created_at: z.string(),
  email: z.string(),
  fname: z.string(),
  lname: z.string(),
  job_title: z.string(),
  isadmin: flagOut,
  isverified: flagOut,
  organization_name: z.string(),
  organization_url: z.string(),
  graduates_members: z.string(),
  how_did_you_find_us: z.string(),
  /** Number of users of the organisation (the Profile tab's "members"). */
  members: z.number().int(),
  /** Short-lived URLs of the uploaded images, or null. */
  logoimage: z.string().nullable(),
  signatureimage: z.string().nullable(),

  blockchain: z.enum(blockchains),
  proofmarkversion: z.enum(certificateVersions),
  isapimode: flagOut,
  ishtml: flagOut,
  downloadmultiplefile: flagOut,
  iss3: flagOut,
  proofmarkorcustomer: z.enum(storageChoices),
  storagetype: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),

  // mail (spec §3 mail settings)
  isoffice365: flagOut,
  /** 1 OAuth, 0 user name and password. */
  smtptype: flagOut,
  smtphost: z.string(),
  smtpport: z.number().int().nullable(),
  smtpusername: z.string(),
  smtppassword: secretStatus,
  smtpclientid: z.string(),
  smtpclientsecret: secretStatus,
  smtprefreshtoken: secretStatus,
  smtptokenurl: z.string(),
  smtpfrom: z.string(),
  smtpcc: z.string(),
  /**
   * When a test mail last went through the saved mail settings (null: never since they were saved):
   * while set, mail leaves through the organisation's server, otherwise through Proofmark's sender.
   */
  mailverifiedat: z.string().nullable(),
  office365: z.object({
    clientid: z.string(),
    clientsecret: secretStatus,
    tenantid: z.string(),
    gettokenurl: z.string(),
    from: z.string(),
    accesstoken: secretStatus,
    refreshtoken: secretStatus,
    tokenexpiresat: z.string().nullable(),
  }),

  // storage (spec §3)
  awsaccesskey: z.string(),
  awssecretkey: secretStatus,
  s3bucketname: z.string(),
  awsregion: z.string(),
  s3endpoint: z.string(),
  azureConnectionString: secretStatus,
  gdriveCredential: secretStatus,
  gdriveToken: secretStatus,
  ftphost: z.string(),
  ftpuser: z.string(),
  ftppassword: secretStatus,
  localpath: z.string(),

  // issuer, gas, contact, payment provider
  issuerurl: z.string(),
  revocationurl: z.string(),
  issuername: z.string(),
  issueremail: z.string(),
  verifybaseurl: z.string(),
  baseurl: z.string(),
  gasprice: z.string(),
  contactemail: z.string(),
  stripepublickey: z.string(),
  stripesecretkey: secretStatus,
  stripeproductapikey: secretStatus,
  /** The paid verification request's fee in cents (null: none, requests are not taken online). */
  verificationfeecents: z.number().int().nullable(),
  verificationcurrency: z.string(),

  cohortsplitlength: z.number().int(),
  validate: flagOut,
  verificationitems: z.array(z.string()),

  // partners (getPartners)
  competencypartner: z.object({ competencyname: z.string(), description: z.string() }).nullable(),
  partnercompany: z.object({ signatories: z.array(partnerSignatory) }).nullable(),
});
export type ProfileData = z.infer<typeof profileData>;
export const profileResponse = envelope(profileData);

export const partnersData = profileData.pick({ competencypartner: true, partnercompany: true });
export const partnersResponse = envelope(partnersData);

export const imageData = z.object({ url: z.string().nullable(), contentType: z.string().nullable() });
export type ImageData = z.infer<typeof imageData>;
export const imageResponse = envelope(imageData);

export const office365TokenData = z.object({
  accesstoken: secretStatus,
  tokenexpiresat: z.string().nullable(),
});
export const office365TokenResponse = envelope(office365TokenData);

/**
 * /api/profile: the settings screen. Reading is open to every user of the organisation (secrets
 * never come back). Saving needs the "change profile" (changelogo) flag; the blocks that hold mail,
 * storage or payment credentials or send the organisation's files elsewhere are
 * main-administrator-only, checked per key by the server (shared/src/settings/rules.ts
 * mainAdminOnlyKeys) because updating the profile is one call. Test connection, test email and the
 * Office 365 token use those credentials and reach outside servers: main administrator only.
 */
export const profileRoutes = defineRoutes({
  'GET /api/profile': { access: anyMember, data: profileData },
  'POST /api/profile': { access: writer('changelogo'), body: updateProfileRequest, data: profileData },
  'GET /api/profile/partners': { access: anyMember, data: partnersData },
  // An image as JSON `{ value }` (base64 or a data: URL), or its raw bytes as the body.
  'POST /api/profile/logo': {
    access: writer('changelogo'),
    body: imageUploadRequest,
    rawBody: true,
    data: imageData,
  },
  'GET /api/profile/logo': { access: anyMember, data: imageData },
  'POST /api/profile/signature': {
    access: writer('changelogo'),
    body: imageUploadRequest,
    rawBody: true,
    data: imageData,
  },
  'GET /api/profile/signature': { access: anyMember, data: imageData },
  'POST /api/profile/test-storage': { access: mainAdmin, body: testStorageRequest, data: z.null() },
  'POST /api/profile/test-mail': { access: mainAdmin, body: testMailRequest, data: z.null() },
  'POST /api/profile/office365-token': { access: mainAdmin, data: office365TokenData },
});
