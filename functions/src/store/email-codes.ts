import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * A six-digit code mailed to confirm an email or reset a password: only its hash, the attempts
 * made at it, and when it expires (TTL). One per purpose and email: a new code replaces the old.
 *
 * | access pattern | key                               |
 * |----------------|-----------------------------------|
 * | byEmail        | CODE#<purpose>#<email> / CODE     |
 */
export const emailCodes = defineEntity({
  model: { entity: 'emailCode', version: '1', service: SERVICE },
  attributes: {
    purpose: { type: ['confirm', 'reset'] as const, required: true, readOnly: true },
    email: { type: 'string', required: true, readOnly: true },
    /** sha256 of the code, hex. */
    codeHash: { type: 'string', required: true },
    attempts: { type: 'number', required: true },
    /** TTL (epoch seconds); readers check it too, since DynamoDB deletes expired items lazily. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byEmail: primaryKey(
      { template: 'CODE#${purpose}#${email}', composite: ['purpose', 'email'] },
      { template: 'CODE', composite: [] },
    ),
  },
});
