import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * A held (suspended) credential: its bit is set in the suspension status list until unheld
 * (the record is deleted then).
 *
 * | access pattern | key                            |
 * |----------------|--------------------------------|
 * | byId / byOrg   | ORG#<org> / HOLD#<credential>  |
 */
export const holds = defineEntity({
  model: { entity: 'hold', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    credentialId: { type: 'string', required: true, readOnly: true },
    statusIndex: { type: 'number', required: true },
    heldAt: { type: 'string', required: true },
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'HOLD#${credentialId}', composite: ['credentialId'] },
    ),
  },
});
