import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/** A 0/1 switch of the settings screen. */
const flag = attr.number;
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
export const orgSettings = defineEntity('orgSettings', {
  attributes: {
    ...attr.ownedByOrg,
    blockchain: attr.text,
    proofmarkversion: attr.text,
    isapimode: flag,
    ishtml: flag,
    downloadmultiplefile: flag,
    iss3: flag,
    proofmarkorcustomer: attr.text,
    storagetype: flag,

    isoffice365: flag,
    smtptype: flag,
    smtphost: attr.text,
    smtpport: value,
    smtpusername: attr.text,
    smtpclientid: attr.text,
    smtptokenurl: attr.text,
    smtpfrom: attr.text,
    smtpcc: attr.text,
    office365clientid: attr.text,
    office365tenantid: attr.text,
    office365gettokenurl: attr.text,
    office365from: attr.text,
    office365tokenexpiresat: value,
    /** When a test mail last went through the saved mail settings (null: not since they were saved). */
    mailverifiedat: value,

    awsaccesskey: attr.text,
    s3bucketname: attr.text,
    awsregion: attr.text,
    s3endpoint: attr.text,
    ftphost: attr.text,
    ftpuser: attr.text,
    localpath: attr.text,

    issuerurl: attr.text,
    revocationurl: attr.text,
    issuername: attr.text,
    issueremail: attr.text,
    verifybaseurl: attr.text,
    baseurl: attr.text,
    gasprice: attr.text,
    contactemail: attr.text,
    stripepublickey: attr.text,
    /** The paid verification request's fee in cents (null: none). */
    verificationfeecents: value,
    verificationcurrency: attr.text,

    cohortsplitlength: flag,
    validate: flag,
    verificationitems: value,

    competencypartner: value,
    partnercompany: value,

    logoKey: attr.text,
    logoContentType: attr.text,
    logoPublicKey: attr.text,
    signatureKey: attr.text,
    signatureContentType: attr.text,
  },
  indexes: { byOrg: orgKey(keyPart('SETTINGS')) },
});
