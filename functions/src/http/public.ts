import { walletIntroduction } from '@proofmark/shared/api/credentials';
import { introduceWallet } from '../domain/wallet-introduction';
import { httpGroup, parseBody, pathParam } from './kit';

export const handler = httpGroup({
  // The wallet only needs a 200; its body is informative.
  'POST /api/public/issuers/{slug}/introduce': async (event) => {
    const body = parseBody(event, walletIntroduction);
    await introduceWallet(pathParam(event, 'slug'), body.nonce, body.bitcoinAddress);
    return { message: 'Your wallet address has been received.' };
  },
});
