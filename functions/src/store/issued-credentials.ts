import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * A credential an organisation issued, written when its batch is published: its status-list index
 * and which status lists its document names (certificates both, badges revocation only). Records
 * made before `statusPurposes` existed lack it (the batch's format tells).
 *
 * | access pattern | key                            |
 * |----------------|--------------------------------|
 * | byId / byOrg   | ORG#<org> / CRED#<credential>  |
 */
export const issuedCredentials = defineEntity({
  model: { entity: 'issuedCredential', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    credentialId: { type: 'string', required: true, readOnly: true },
    batchId: { type: 'string', required: true },
    statusIndex: { type: 'number' },
    statusPurposes: { type: 'list', items: { type: 'string' } },
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'CRED#${credentialId}', composite: ['credentialId'] },
    ),
  },
});
