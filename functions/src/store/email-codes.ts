import * as attr from './attributes';
import { defineEntity, keyPart, primaryKey } from './table';

/**
 * A six-digit code mailed to confirm an email or reset a password: only its hash, the attempts
 * made at it, and when it expires (TTL). One per purpose and email: a new code replaces the old.
 *
 * | access pattern | key                               |
 * |----------------|-----------------------------------|
 * | byEmail        | CODE#<purpose>#<email> / CODE     |
 */
export const emailCodes = defineEntity('emailCode', {
  attributes: {
    purpose: { ...attr.fixedText, type: ['confirm', 'reset'] as const },
    email: attr.fixedText,
    /** sha256 of the code, hex. */
    codeHash: attr.requiredText,
    attempts: attr.requiredNumber,
    /** TTL (epoch seconds); readers check it too, since DynamoDB deletes expired items lazily. */
    expiresAt: attr.requiredNumber,
  },
  indexes: { byEmail: primaryKey(keyPart('CODE', 'purpose', 'email'), keyPart('CODE')) },
});
