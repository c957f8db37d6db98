import { permissionFlags } from '@proofmark/shared/accounts/permissions';
import * as attr from './attributes';
import { defineEntity, GSI1, indexKey, keyPart, orgKey } from './table';

/**
 * A user of an organisation (team member or main administrator). Emails are unique across
 * organisations (one Cognito pool), so byEmail finds at most one.
 *
 * | access pattern  | key                         |
 * |-----------------|-----------------------------|
 * | byId / byOrg    | ORG#<org> / USER#<user>     |
 * | byEmail (gsi1)  | EMAIL#<email> / USER        |
 */
export const users = defineEntity('user', {
  attributes: {
    ...attr.ownedByOrg,
    userId: attr.fixedText,
    email: attr.fixedText,
    fname: attr.requiredText,
    lname: attr.requiredText,
    job_title: attr.requiredText,
    created_at: attr.requiredText,
    isMainAdmin: { type: 'boolean', required: true },
    permissions: {
      type: 'map',
      required: true,
      properties: Object.fromEntries(permissionFlags.map((f) => [f, attr.requiredNumber])) as Record<
        (typeof permissionFlags)[number],
        typeof attr.requiredNumber
      >,
    },
    emailConfirmed: { type: 'boolean', required: true },
    mustChangePassword: { type: 'boolean', required: true },
    deactivated: { type: 'boolean' },
    invitationPending: { type: 'boolean' },
    setPasswordLinkHash: attr.text,
    tokensRevokedAt: attr.number,
    lastLoginAt: attr.text,
    lastLoginIp: attr.text,
  },
  indexes: {
    byId: orgKey(keyPart('USER', 'userId')),
    byEmail: indexKey(GSI1, keyPart('EMAIL', 'email'), keyPart('USER')),
  },
});
