import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * The dashboard's counters of one organisation for one month (issued, sent, revoked, verification
 * requests), added to as the work happens.
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
