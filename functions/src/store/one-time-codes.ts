import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * A one-time code of a wallet introduction: single use, bound to one recipient row (its table
 * key, as the invitation that carried the code found it).
 *
 * | access pattern | key               |
 * |----------------|-------------------|
 * | byCode         | OTC#<code> / OTC  |
 */
export const oneTimeCodes = defineEntity({
  model: { entity: 'oneTimeCode', version: '1', service: SERVICE },
  attributes: {
    code: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true, readOnly: true },
    recipientPk: { type: 'string', required: true, readOnly: true },
    recipientSk: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true },
    usedAt: { type: 'string' },
  },
  indexes: {
    byCode: primaryKey({ template: 'OTC#${code}', composite: ['code'] }, { template: 'OTC', composite: [] }),
  },
});
