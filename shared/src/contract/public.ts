import * as z from 'zod';
import { walletIntroduction } from '../api/credentials';
import {
  chainRelayNetworkParam,
  chainRelayRequest,
  chainRelayResponse,
  recordVerificationRequest,
} from '../api/verifier';
import { anyone, defineRoutes } from './define';

/** /api/public: what callers without an account use (the Blockcerts Wallet, the verifier page). */
export const publicRoutes = defineRoutes({
  // The Blockcerts Wallet posts here with the one-time code; it has no account. It only needs a 200.
  'POST /api/public/issuers/{slug}/introduce': { access: anyone, body: walletIntroduction, data: z.null() },
  // The verifier page's chain lookups: Data is the JSON-RPC answer. The body is checked by the
  // relay itself (size first, then only the allowed read-only methods, each with its own message).
  'POST /api/public/chain/{network}': {
    access: anyone,
    params: z.object({ network: chainRelayNetworkParam }),
    body: chainRelayRequest,
    rawBody: true,
    data: chainRelayResponse,
  },
  // 202 whether or not the organisation exists (the record may be dropped): the endpoint reveals nothing.
  'POST /api/public/verifications': {
    access: anyone,
    body: recordVerificationRequest,
    maxBodyLength: 2048,
    data: z.null(),
  },
});
