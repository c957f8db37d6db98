import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * A grant of certificates by the product team (`npm run grant`), under the key its caller names
 * (a ticket or request id). Created — with a must-not-exist condition — in the same transaction as
 * the balance change and its `grant` ledger entry, so running the same grant again adds nothing.
 * Never updated; kept for good (the key stays taken).
 *
 * | access pattern | key                      |
 * |----------------|--------------------------|
 * | byKey          | ORG#<org> / GRANT#<key>  |
 */
export const grants = defineEntity('grant', {
  attributes: {
    ...attr.ownedByOrg,
    key: attr.fixedText,
    /** Certificates given (positive) or taken back (negative). */
    count: attr.fixedNumber,
    reason: attr.fixedText,
    /** Who ran the command. */
    by: attr.fixedText,
    at: attr.fixedText,
  },
  indexes: { byKey: orgKey(keyPart('GRANT', 'key')) },
});
