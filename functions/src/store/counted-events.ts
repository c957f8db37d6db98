import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * A once-only mark of one counted step (a published batch's rows, a send chunk's mails, a revoke
 * request): written with attribute_not_exists in the same transaction as the counters it adds to
 * (domain/dashboard/counters.ts), so a redelivered job counts nothing again. Expires after 30 days,
 * long past any redelivery.
 *
 * | access pattern | key                          |
 * |----------------|------------------------------|
 * | byKey          | ORG#<org> / COUNTED#<key>    |
 */
export const countedEvents = defineEntity('countedEvent', {
  attributes: {
    ...attr.ownedByOrg,
    key: attr.fixedText,
    at: attr.fixedText,
    expiresAt: attr.requiredNumber,
  },
  indexes: { byKey: orgKey(keyPart('COUNTED', 'key')) },
});
