import { demoRoutes } from '@proofmark/shared/contract/demo';
import { demoMessages as m } from '@proofmark/shared/demo/messages';
import { issueDemoCertificate } from '../domain/demo/issuing';
import { sourceIpOf } from './event';
import { httpGroup } from './route-group';

/**
 * The live demo's Issue, apart from its other steps: it builds and queues the batch (and makes the
 * demo issuer's key the first time), code the functions that only mail need not carry.
 */
export const handler = httpGroup(demoRoutes, {
  'POST /api/demo/issue': async ({ body }, { event }) => ({
    message: m.issuing,
    data: await issueDemoCertificate(body, sourceIpOf(event)),
  }),
});
