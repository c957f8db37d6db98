import { blockchains } from '@proofmark/shared/settings/choices';
import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

/**
 * An organisation's key for anchoring on one chain (its private half lives in the secrets store).
 * Generating a new key retires the previous one (`revoked`), which stays listed in the issuer
 * profile. `nextNonce` is the EVM nonce counter of the key's address.
 *
 * | access pattern             | key                                   |
 * |----------------------------|---------------------------------------|
 * | byId / byOrg (chain first) | ORG#<org> / KEY#<chain>#<fragment>    |
 */
export const issuingKeys = defineEntity('issuingKey', {
  attributes: {
    ...attr.ownedByOrg,
    chain: { ...attr.fixedText, type: blockchains },
    fragment: attr.fixedText,
    address: attr.requiredText,
    publicKeyHex: attr.requiredText,
    created: attr.requiredText,
    revoked: attr.text,
    nextNonce: attr.number,
  },
  indexes: { byId: orgKey(keyPart('KEY', 'chain', 'fragment')) },
});
