import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * How many certificates of one type are in each status of My Certificates now: in progress (a row
 * not yet issued: invited, key received, generated, in review, issuing) and the Issued tab's
 * statuses (issued, sent, held, revoked). Each change that enters or leaves one of these — a row
 * created or deleted, a batch issued, a send, hold, unhold or revoke — adds and takes away here in
 * the same transaction as the row change or as the once-only mark of the step
 * (domain/dashboard/counters.ts). Moves between in-progress statuses change nothing here. My
 * Certificates reads these items only (one per type).
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
    inProgress: attr.number,
    issued: attr.number,
    sent: attr.number,
    hold: attr.number,
    revoked: attr.number,
  },
  indexes: { byType: orgKey(keyPart('COUNT', 'certtype')) },
});
