import { publicRoutes } from '@proofmark/shared/contract/public';
import { introduceWallet } from '../domain/public/wallet-introduction';
import { parseChainRelayBody, recordVerification, relayChainCall } from '../domain/public/verifications';
import { limitClient } from '../domain/client-limits';
import { bodyTextOf, sourceIpOf } from './event';
import { httpGroup } from './route-group';

export const handler = httpGroup(publicRoutes, {
  'POST /api/public/issuers/{slug}/introduce': async ({ params, body }, { event }) => {
    await limitClient('walletIntroduction', sourceIpOf(event));
    await introduceWallet(params.slug, body.nonce, body.bitcoinAddress);
    return { message: 'Your wallet address has been received.' };
  },
  'POST /api/public/chain/{network}': async ({ params }, { event }) => {
    await limitClient('chainRelay', sourceIpOf(event));
    return { data: await relayChainCall(params.network, parseChainRelayBody(bodyTextOf(event))) };
  },
  'POST /api/public/verifications': async ({ body }, { event }) => {
    await limitClient('verification', sourceIpOf(event));
    await recordVerification(body);
    return { status: 202, message: 'Accepted' };
  },
});
