import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * A revoked credential (irreversible): listed on the issuer's revocation list with its reason, and
 * its bit set in the revocation status list. Revoking twice keeps the first reason and time.
 *
 * | access pattern | key                               |
 * |----------------|-----------------------------------|
 * | byId / byOrg   | ORG#<org> / REVOKED#<credential>  |
 */
export const revocations = defineEntity('revocation', {
  attributes: {
    ...attr.ownedByOrg,
    credentialId: attr.fixedText,
    statusIndex: attr.number,
    reason: attr.requiredText,
    revokedAt: attr.requiredText,
  },
  indexes: { byId: orgKey(keyPart('REVOKED', 'credentialId')) },
});
