import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * How many certificates of one type are in each status of the Issued tab now (issued, sent, held,
 * revoked): each row move that enters or leaves one of these statuses adds and takes away here in
 * the same transaction (domain/dashboard/counters.ts). Issued rows are never deleted, so nothing
 * else changes them. My Certificates reads them.
 *
 * | access pattern | key                           |
 * |----------------|-------------------------------|
 * | byType         | ORG#<org> / COUNT#<certtype>  |
 * | byType (all)   | ORG#<org> / begins_with COUNT# |
 */
export const statusCounts = defineEntity('statusCount', {
  attributes: {
    ...attr.ownedByOrg,
    certtype: attr.fixedText,
    issued: attr.number,
    sent: attr.number,
    hold: attr.number,
    revoked: attr.number,
  },
  indexes: { byType: orgKey(keyPart('COUNT', 'certtype')) },
});
