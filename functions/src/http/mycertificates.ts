import { myCertificatesRoutes } from '@proofmark/shared/contract/dashboard';
import { myCertificatesOf } from '../domain/dashboard/my-certificates';
import { httpGroup } from './route-group';

/** My Certificates: counts per certificate type and status. */
export const handler = httpGroup(myCertificatesRoutes, {
  'GET /api/mycertificates': async (_input, { caller }) => ({ data: await myCertificatesOf(caller.orgId) }),
});
