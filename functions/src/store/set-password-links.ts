import * as attr from './attributes';
import { defineEntity, keyPart, primaryKey } from './table';

/**
 * A mailed set-password link, found by the hash of its token (the token itself is never stored):
 * whose it is and until when it works (TTL).
 *
 * | access pattern | key                         |
 * |----------------|-----------------------------|
 * | byTokenHash    | SETPW#<sha256 of token> / SETPW |
 */
export const setPasswordLinks = defineEntity('setPasswordLink', {
  attributes: {
    tokenHash: attr.fixedText,
    orgId: attr.requiredText,
    userId: attr.requiredText,
    /** TTL (epoch seconds); redemption checks it too. */
    expiresAt: attr.requiredNumber,
  },
  indexes: { byTokenHash: primaryKey(keyPart('SETPW', 'tokenHash'), keyPart('SETPW')) },
});
