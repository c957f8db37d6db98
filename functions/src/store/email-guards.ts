import * as attr from './attributes';
import { defineEntity, keyPart, primaryKey } from './table';

/**
 * One row per registered email, written in the same transaction as its user: two sign-ups with one
 * email that race past the lookup cannot both succeed.
 *
 * | access pattern | key                   |
 * |----------------|-----------------------|
 * | byEmail        | EMAIL#<email> / EMAIL |
 */
export const emailGuards = defineEntity('emailGuard', {
  attributes: { email: attr.fixedText, orgId: attr.requiredText, userId: attr.requiredText },
  indexes: { byEmail: primaryKey(keyPart('EMAIL', 'email'), keyPart('EMAIL')) },
});
