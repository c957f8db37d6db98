import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * A revoked credential (irreversible): listed on the issuer's revocation list with its reason, and
 * its bit set in the revocation status list. Revoking twice keeps the first reason and time.
 *
 * | access pattern | key                               |
 * |----------------|-----------------------------------|
 * | byId / byOrg   | ORG#<org> / REVOKED#<credential>  |
 */
export const revocations = defineEntity({
  model: { entity: 'revocation', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    credentialId: { type: 'string', required: true, readOnly: true },
    statusIndex: { type: 'number' },
    reason: { type: 'string', required: true },
    revokedAt: { type: 'string', required: true },
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'REVOKED#${credentialId}', composite: ['credentialId'] },
    ),
  },
});
