import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * A mailed set-password link, found by the hash of its token (the token itself is never stored):
 * whose it is and until when it works (TTL).
 *
 * | access pattern | key                         |
 * |----------------|-----------------------------|
 * | byTokenHash    | SETPW#<sha256 of token> / SETPW |
 */
export const setPasswordLinks = defineEntity({
  model: { entity: 'setPasswordLink', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    /** TTL (epoch seconds); redemption checks it too. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byTokenHash: primaryKey(
      { template: 'SETPW#${tokenHash}', composite: ['tokenHash'] },
      { template: 'SETPW', composite: [] },
    ),
  },
});
