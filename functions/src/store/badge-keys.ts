import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * An organisation's Ed25519 key for its Open Badges and W3C status lists, numbered from 1 (the
 * number is zero-padded in the key so keys sort in order). Exactly one is current (no `revoked`).
 *
 * | access pattern | key                                  |
 * |----------------|--------------------------------------|
 * | byId / byOrg   | ORG#<org> / BADGEKEY#<number, 6 digits> |
 */
export const badgeKeys = defineEntity('badgeKey', {
  attributes: {
    ...attr.ownedByOrg,
    number: attr.paddedNumber(6),
    fragment: attr.requiredText,
    publicKeyMultibase: attr.requiredText,
    created: attr.requiredText,
    revoked: attr.text,
    /** Where the sealed private half lives (one secret per key). */
    secretName: attr.requiredText,
  },
  indexes: { byId: orgKey(keyPart('BADGEKEY', 'number')) },
});
