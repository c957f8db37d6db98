import { permissionFlags } from '@proofmark/shared/accounts/permissions';
import { defineEntity, GSI1, indexKey, primaryKey, SERVICE } from './table';

const flag = { type: 'number', required: true } as const;

/**
 * A user of an organisation (team member or main administrator). Emails are unique across
 * organisations (one Cognito pool), so byEmail finds at most one.
 *
 * | access pattern  | key                         |
 * |-----------------|-----------------------------|
 * | byId / byOrg    | ORG#<org> / USER#<user>     |
 * | byEmail (gsi1)  | EMAIL#<email> / USER        |
 */
export const users = defineEntity({
  model: { entity: 'user', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true, readOnly: true },
    fname: { type: 'string', required: true },
    lname: { type: 'string', required: true },
    job_title: { type: 'string', required: true },
    created_at: { type: 'string', required: true },
    isMainAdmin: { type: 'boolean', required: true },
    permissions: {
      type: 'map',
      required: true,
      properties: Object.fromEntries(permissionFlags.map((f) => [f, flag])) as Record<
        (typeof permissionFlags)[number],
        typeof flag
      >,
    },
    emailConfirmed: { type: 'boolean', required: true },
    mustChangePassword: { type: 'boolean', required: true },
    deactivated: { type: 'boolean' },
    invitationPending: { type: 'boolean' },
    setPasswordLinkHash: { type: 'string' },
    tokensRevokedAt: { type: 'number' },
    lastLoginAt: { type: 'string' },
    lastLoginIp: { type: 'string' },
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'USER#${userId}', composite: ['userId'] },
    ),
    byEmail: indexKey(
      GSI1,
      { template: 'EMAIL#${email}', composite: ['email'] },
      { template: 'USER', composite: [] },
    ),
  },
});
