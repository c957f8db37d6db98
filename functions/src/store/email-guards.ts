import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * One row per registered email, written in the same transaction as its user: two sign-ups with one
 * email that race past the lookup cannot both succeed.
 *
 * | access pattern | key                   |
 * |----------------|-----------------------|
 * | byEmail        | EMAIL#<email> / EMAIL |
 */
export const emailGuards = defineEntity({
  model: { entity: 'emailGuard', version: '1', service: SERVICE },
  attributes: {
    email: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
  },
  indexes: {
    byEmail: primaryKey(
      { template: 'EMAIL#${email}', composite: ['email'] },
      { template: 'EMAIL', composite: [] },
    ),
  },
});
