import type { Blockchain, PartnerSignatory, UpdateProfileRequest } from '@proofmark/shared/contract/profile';
import { feeCents } from '@proofmark/shared/settings/verification-fee';
import { storageTypes, type StorageType } from '@proofmark/shared/settings/choices';
import { secretsIn, type SecretField } from '@proofmark/shared/settings/rules';
import { orgSettings } from '../../store/org-settings';
import { rowsWrittenBeforeEntities as earlierRows } from '../../store/table';

/**
 * The organisation's settings row (`ORG#<org>` / `SETTINGS`): every non-secret setting of the
 * settings screen, one attribute per field so saving one block never overwrites another. Secrets
 * live in their own rows (settings/secrets.ts) under `settings.<field>`.
 */
export interface OrgSettings {
  blockchain?: Blockchain;
  proofmarkversion?: 'v2' | 'v3';
  isapimode?: 0 | 1;
  ishtml?: 0 | 1;
  downloadmultiplefile?: 0 | 1;
  iss3?: 0 | 1;
  proofmarkorcustomer?: 'proofmark' | 'customer';
  storagetype?: StorageType;

  isoffice365?: 0 | 1;
  smtptype?: 0 | 1;
  smtphost?: string;
  smtpport?: number | null;
  smtpusername?: string;
  smtpclientid?: string;
  smtptokenurl?: string;
  smtpfrom?: string;
  smtpcc?: string;
  office365clientid?: string;
  office365tenantid?: string;
  office365gettokenurl?: string;
  office365from?: string;
  office365tokenexpiresat?: string | null;
  /**
   * When a test mail last went through the saved mail settings; saving them clears it. Mail leaves
   * through the organisation's server only while it is set (settings/mail-route.ts).
   */
  mailverifiedat?: string | null;

  awsaccesskey?: string;
  s3bucketname?: string;
  awsregion?: string;
  s3endpoint?: string;
  ftphost?: string;
  ftpuser?: string;
  localpath?: string;

  issuerurl?: string;
  revocationurl?: string;
  issuername?: string;
  issueremail?: string;
  verifybaseurl?: string;
  baseurl?: string;
  gasprice?: string;
  contactemail?: string;
  stripepublickey?: string;
  /** The paid verification request's fee (null: requests are not taken online). */
  verificationfeecents?: number | null;
  verificationcurrency?: string;

  cohortsplitlength?: number;
  validate?: 0 | 1;
  verificationitems?: string[];

  competencypartner?: { competencyname: string; description: string };
  partnercompany?: { signatories: PartnerSignatory[] };

  logoKey?: string;
  logoContentType?: string;
  /** The logo's copy in the public bucket: the issuer profile's image and certificates show it. */
  logoPublicKey?: string;
  signatureKey?: string;
  signatureContentType?: string;
}

export const secretName = (field: SecretField) => `settings.${field}`;
export const SETTINGS_SECRET_PREFIX = 'settings.';

export interface SettingsChange {
  set: Partial<OrgSettings>;
  /** New secret values to store (absent ones are kept). */
  secrets: Partial<Record<SecretField, string>>;
  /** Secrets to forget (e.g. the customer's S3 key when Proofmark's own bucket is chosen). */
  forget: SecretField[];
}

const present = (secrets: Partial<Record<SecretField, string | undefined>>) =>
  Object.fromEntries(Object.entries(secrets).filter(([, v]) => v)) as Partial<Record<SecretField, string>>;

/** What saving one block changes — pure, so the rules of spec §4 are unit-tested. */
export const settingsChangeFor = (req: UpdateProfileRequest): SettingsChange => {
  const secrets = present(secretsIn(req));
  const only = (set: Partial<OrgSettings>, forget: SecretField[] = []): SettingsChange => ({
    set,
    secrets,
    forget,
  });
  switch (req.key) {
    case 'blockchain':
      return only({ blockchain: req.value });
    case 'proofmarkversion':
      return only({ proofmarkversion: req.value });
    case 'isapimode':
      return only({ isapimode: req.value });
    case 'ishtml':
      return only({ ishtml: req.value });
    case 'downloadtype':
      return only({ downloadmultiplefile: req.value });
    case 'iss3':
      return only({ iss3: req.value });
    case 'validate':
      return only({ validate: req.value });
    case 'smtp':
      return only({
        isoffice365: 0,
        smtptype: req.type === 'oauth' ? 1 : 0,
        smtphost: req.host,
        smtpport: req.port ?? null,
        smtpusername: req.username,
        smtpclientid: req.clientid,
        smtptokenurl: req.tokenurl,
        smtpfrom: req.from,
        smtpcc: req.cc,
        mailverifiedat: null,
      });
    case 'office365':
      return only({
        isoffice365: 1,
        office365clientid: req.clientid,
        office365tenantid: req.tenantid,
        office365gettokenurl: req.gettokenurl,
        office365from: req.from,
        mailverifiedat: null,
      });
    case 's3information':
      // Spec §4: with Proofmark's own bucket the customer's S3 fields are blanked.
      return req.choice === 'proofmark'
        ? only(
            {
              storagetype: storageTypes.s3,
              proofmarkorcustomer: 'proofmark',
              awsaccesskey: '',
              s3bucketname: '',
              awsregion: '',
              s3endpoint: '',
            },
            ['awssecretkey'],
          )
        : only({
            storagetype: storageTypes.s3,
            proofmarkorcustomer: 'customer',
            awsaccesskey: req.accesskey,
            s3bucketname: req.bucket,
            awsregion: req.region,
            s3endpoint: req.endpoint,
          });
    case 'azureinformation':
      return only({ storagetype: storageTypes.azure });
    case 'gdriveinformation':
      return only({ storagetype: storageTypes.gdrive });
    case 'ftpinformation':
      return only({ storagetype: storageTypes.ftp, ftphost: req.host, ftpuser: req.user });
    case 'localinformation':
      return only({ storagetype: storageTypes.local, localpath: req.path });
    case 'issuerinformation':
      return only({
        issuerurl: req.issuerurl,
        revocationurl: req.revocationurl,
        verifybaseurl: req.verifybaseurl,
        baseurl: req.baseurl,
        issuername: req.issuername,
        issueremail: req.issueremail,
      });
    case 'gasinformation':
      return only({ gasprice: req.gasprice });
    case 'contactinformation':
      return only({ contactemail: req.contactemail });
    case 'stripeinformation':
      return only({
        stripepublickey: req.publickey,
        verificationfeecents: req.verificationfee ? feeCents(req.verificationfee) : null,
        verificationcurrency: req.verificationcurrency,
      });
    case 'competencypartnerinformation':
      return only({
        competencypartner: { competencyname: req.competencyname, description: req.description },
      });
    case 'partnercompanyinformation':
      return only({ partnercompany: { signatories: req.signatories } });
  }
};

export const getOrgSettings = async (orgId: string): Promise<OrgSettings> => {
  const out = await orgSettings()
    .get({ orgId })
    .go({ consistent: true, ...earlierRows });
  const { orgId: _org, ...settings } = out.data ?? {};
  return settings as OrgSettings;
};

/** Sets some attributes of the settings row, creating it on first use. */
export const setOrgSettings = async (orgId: string, changes: Partial<OrgSettings>) => {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  await orgSettings().update({ orgId }).set(set).go();
};
