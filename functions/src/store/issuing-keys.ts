import { blockchains } from '@proofmark/shared/settings/choices';
import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * An organisation's key for anchoring on one chain (its private half lives in the secrets store).
 * Generating a new key retires the previous one (`revoked`), which stays listed in the issuer
 * profile. `nextNonce` is the EVM nonce counter of the key's address.
 *
 * | access pattern             | key                                   |
 * |----------------------------|---------------------------------------|
 * | byId / byOrg (chain first) | ORG#<org> / KEY#<chain>#<fragment>    |
 */
export const issuingKeys = defineEntity({
  model: { entity: 'issuingKey', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    chain: { type: blockchains, required: true, readOnly: true },
    fragment: { type: 'string', required: true, readOnly: true },
    address: { type: 'string', required: true },
    publicKeyHex: { type: 'string', required: true },
    created: { type: 'string', required: true },
    revoked: { type: 'string' },
    nextNonce: { type: 'number' },
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'KEY#${chain}#${fragment}', composite: ['chain', 'fragment'] },
    ),
  },
});
