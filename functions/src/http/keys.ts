import type { IssuingKeyView } from '@proofmark/shared/contract/keys';
import { keysRoutes } from '@proofmark/shared/contract/keys';
import { badRequest } from '@proofmark/shared/errors';
import { activeIssuingKey, listIssuingKeys, type IssuingKeyRecord } from '../domain/keys/issuing-keys';
import { generateIssuingKey } from '../domain/keys/issuing-key-generation';
import { publishIssuerDocuments } from '../domain/batches/public-docs';
import { rotateBadgeKey } from '../domain/keys/badge-keys';
import { estimateAnchorCost } from '../adapters/chain/deployment-chains';
import { httpGroup } from './route-group';

const keyView = (k: IssuingKeyRecord): IssuingKeyView => ({
  publickey: k.address,
  blockchain: k.chain,
  fragment: k.fragment,
  created: k.created,
  revoked: k.revoked,
});

/** The organisation's issuing keys (one per chain) and its badge signing key. */
export const handler = httpGroup(keysRoutes, {
  'POST /api/keys': async ({ body }, { caller }) => {
    const key = await generateIssuingKey(caller.orgId, body.blockchain);
    await publishIssuerDocuments(caller.orgId);
    return { status: 201, message: 'Key pair generated.', data: keyView(key) };
  },
  'POST /api/keys/badge/rotate': async (_input, { caller }) => {
    const key = await rotateBadgeKey(caller.orgId);
    // The profile lists the new key (and the retired one, with when) before anything is signed with it.
    await publishIssuerDocuments(caller.orgId);
    return {
      message: 'Badge signing key rotated.',
      data: { fragment: key.fragment, publicKeyMultibase: key.publicKeyMultibase, created: key.created },
    };
  },
  'GET /api/keys': async (_input, { caller }) => ({
    data: (await listIssuingKeys(caller.orgId)).map(keyView),
  }),
  'GET /api/keys/estimate': async ({ query: { blockchain } }, { caller }) => {
    const key = await activeIssuingKey(caller.orgId, blockchain);
    if (!key)
      throw badRequest('Generate a key pair for this blockchain first (My Profile → Generate key pair).');
    return {
      data: { blockchain, address: key.address, ...(await estimateAnchorCost(blockchain, key.address)) },
    };
  },
});
