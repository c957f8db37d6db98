import { walletIntroduction } from '@proofmark/shared/api/credentials';
import { chainRelayNetworkParam, recordVerificationRequest } from '@proofmark/shared/api/verifier';
import { AppError, badRequest } from '@proofmark/shared/errors';
import { introduceWallet } from '../domain/wallet-introduction';
import { parseChainRelayBody, recordVerification, relayChainCall } from '../domain/verifications';
import { limitClient } from '../domain/client-limits';
import { httpGroup, parseBody, pathParam, sourceIpOf, type HttpEvent } from './kit';

const rawBody = (event: HttpEvent) =>
  event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';

export const handler = httpGroup({
  // The wallet only needs a 200; its body is informative.
  'POST /api/public/issuers/{slug}/introduce': async (event) => {
    const body = parseBody(event, walletIntroduction);
    await limitClient('walletIntroduction', sourceIpOf(event));
    await introduceWallet(pathParam(event, 'slug'), body.nonce, body.bitcoinAddress);
    return { message: 'Your wallet address has been received.' };
  },

  // The verifier page's chain lookups: Data is the JSON-RPC answer.
  'POST /api/public/chain/{network}': async (event) => {
    const network = chainRelayNetworkParam.safeParse(pathParam(event, 'network'));
    if (!network.success) throw badRequest('Unknown network.');
    await limitClient('chainRelay', sourceIpOf(event));
    return { data: await relayChainCall(network.data, parseChainRelayBody(rawBody(event))) };
  },

  // 202 whether or not the organisation exists (the record may be dropped): the endpoint reveals nothing.
  'POST /api/public/verifications': async (event) => {
    if (rawBody(event).length > 2048) throw new AppError('payload_too_large', 'The request is too large.');
    await limitClient('verification', sourceIpOf(event));
    await recordVerification(parseBody(event, recordVerificationRequest));
    return { status: 202, message: 'Accepted' };
  },
});
