import { defineEntity, primaryKey, SERVICE } from './table';

const counter = { type: 'number' } as const;

/**
 * The dashboard's counters of one organisation for one month (issued, sent, revoked, verification
 * requests), added to as the work happens.
 *
 * | access pattern | key                                      |
 * |----------------|------------------------------------------|
 * | byMonth        | ORG#<org> / STAT#<yyyy-mm>               |
 * | byMonth (span) | ORG#<org> / between STAT#<from>, STAT#<to> |
 */
export const stats = defineEntity({
  model: { entity: 'stat', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    /** `yyyy-mm` (UTC). */
    month: { type: 'string', required: true, readOnly: true },
    issued: counter,
    sent: counter,
    revoked: counter,
    verified: counter,
  },
  indexes: {
    byMonth: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'STAT#${month}', composite: ['month'] },
    ),
  },
});
