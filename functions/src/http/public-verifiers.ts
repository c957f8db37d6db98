import { verificationRequestRoutes } from '@proofmark/shared/contract/verification-requests';
import { functionConfig } from '../adapters/function-config';
import { limitClient } from '../domain/client-limits';
import {
  confirmVerificationRequest,
  startVerificationRequest,
  verificationOffer,
  verificationRequestMessages,
} from '../domain/billing/verification-requests';
import { sourceIpOf } from './event';
import { httpGroup } from './route-group';

/**
 * Paid verification requests on an organisation's public verifier page: anyone, limited per client.
 * Carries the `stripe` library and reads the organisation's own (sealed) Stripe key, never the
 * platform's; on one machine the stand-in's URL comes from the configuration.
 */
const endpoint = () => ({ apiUrl: functionConfig().stripe.apiUrl });

export const handler = httpGroup(verificationRequestRoutes, {
  'GET /api/public/verifiers/{slug}/verification-requests': async ({ params }, { event }) => {
    await limitClient('verificationOffer', sourceIpOf(event));
    return { data: await verificationOffer(params.slug, endpoint()) };
  },
  'POST /api/public/verifiers/{slug}/verification-requests': async ({ params, body }, { event }) => {
    await limitClient('verificationRequest', sourceIpOf(event));
    return {
      status: 201,
      message: verificationRequestMessages.started,
      data: await startVerificationRequest(params.slug, body, endpoint()),
    };
  },
  'POST /api/public/verifiers/{slug}/verification-requests/{requestId}/confirm': async ({ params }, { event }) => {
    await limitClient('verificationConfirm', sourceIpOf(event));
    return confirmVerificationRequest(params.slug, params.requestId, endpoint());
  },
});
