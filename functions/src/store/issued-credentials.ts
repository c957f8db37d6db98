import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * A credential an organisation issued, written when its batch is published: its status-list index
 * and which status lists its document names (certificates both, badges revocation only). Records
 * made before `statusPurposes` existed lack it (the batch's format tells).
 *
 * | access pattern | key                            |
 * |----------------|--------------------------------|
 * | byId / byOrg   | ORG#<org> / CRED#<credential>  |
 */
export const issuedCredentials = defineEntity('issuedCredential', {
  attributes: {
    ...attr.ownedByOrg,
    credentialId: attr.fixedText,
    batchId: attr.requiredText,
    statusIndex: attr.number,
    statusPurposes: attr.texts,
    /** The cohort of the row it was issued to (the engagement funnel counts its verifications there). */
    cohortid: attr.text,
  },
  indexes: { byId: orgKey(keyPart('CRED', 'credentialId')) },
});
