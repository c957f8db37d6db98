import { defineEntity, primaryKey, SERVICE } from './table';

const text = { type: 'string' } as const;
const flag = { type: 'number' } as const;
/** Free-form values (nullable numbers, nested blocks): typed by `OrgSettings` in the domain. */
const value = { type: 'any' } as const;

/**
 * The organisation's settings row: every non-secret field of the settings screen, one attribute
 * per field so saving one block never overwrites another (secrets are rows of ./secrets.ts).
 *
 * | access pattern | key                  |
 * |----------------|----------------------|
 * | byOrg          | ORG#<org> / SETTINGS |
 */
export const orgSettings = defineEntity({
  model: { entity: 'orgSettings', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    blockchain: text,
    proofmarkversion: text,
    isapimode: flag,
    ishtml: flag,
    downloadmultiplefile: flag,
    iss3: flag,
    proofmarkorcustomer: text,
    storagetype: flag,

    isoffice365: flag,
    smtptype: flag,
    smtphost: text,
    smtpport: value,
    smtpusername: text,
    smtpclientid: text,
    smtptokenurl: text,
    smtpfrom: text,
    smtpcc: text,
    office365clientid: text,
    office365tenantid: text,
    office365gettokenurl: text,
    office365from: text,
    office365tokenexpiresat: value,

    awsaccesskey: text,
    s3bucketname: text,
    awsregion: text,
    s3endpoint: text,
    ftphost: text,
    ftpuser: text,
    localpath: text,

    issuerurl: text,
    revocationurl: text,
    issuername: text,
    issueremail: text,
    verifybaseurl: text,
    baseurl: text,
    gasprice: text,
    contactemail: text,
    stripepublickey: text,

    cohortsplitlength: flag,
    validate: flag,
    verificationitems: value,

    competencypartner: value,
    partnercompany: value,

    logoKey: text,
    logoContentType: text,
    logoPublicKey: text,
    signatureKey: text,
    signatureContentType: text,
  },
  indexes: {
    byOrg: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'SETTINGS', composite: [] },
    ),
  },
});
