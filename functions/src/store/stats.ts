import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * The dashboard's counters of one organisation for one month (issued, sent, revoked, verification
 * requests), added to as the work happens — in the same transaction as the change they count
 * (domain/dashboard/counters.ts), so a redelivered job never counts twice. A 30-year chart reads at
 * most 360 of them in one query.
 *
 * | access pattern | key                                      |
 * |----------------|------------------------------------------|
 * | byMonth        | ORG#<org> / STAT#<yyyy-mm>               |
 * | byMonth (span) | ORG#<org> / between STAT#<from>, STAT#<to> |
 */
export const stats = defineEntity('stat', {
  attributes: {
    ...attr.ownedByOrg,
    /** `yyyy-mm` (UTC). */
    month: attr.fixedText,
    issued: attr.number,
    sent: attr.number,
    revoked: attr.number,
    verified: attr.number,
  },
  indexes: { byMonth: orgKey(keyPart('STAT', 'month')) },
});
