import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * An organisation's Ed25519 key for its Open Badges and W3C status lists, numbered from 1 (the
 * number is zero-padded in the key so keys sort in order). Exactly one is current (no `revoked`).
 *
 * | access pattern | key                                  |
 * |----------------|--------------------------------------|
 * | byId / byOrg   | ORG#<org> / BADGEKEY#<number, 6 digits> |
 */
export const badgeKeys = defineEntity({
  model: { entity: 'badgeKey', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    number: { type: 'number', required: true, readOnly: true, padding: { length: 6, char: '0' } },
    fragment: { type: 'string', required: true },
    publicKeyMultibase: { type: 'string', required: true },
    created: { type: 'string', required: true },
    revoked: { type: 'string' },
    /** Where the sealed private half lives (one secret per key). */
    secretName: { type: 'string', required: true },
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'BADGEKEY#${number}', composite: ['number'] },
    ),
  },
});
