import { balanceData, topUpData, topUpRequest } from '../api/workspace';
import { anyMember, defineRoutes, writer } from './define';

/** /api/balance: certificates the organisation may still issue, and the top-up request. */
export const balanceRoutes = defineRoutes({
  'GET /api/balance': { access: anyMember, data: balanceData },
  // When the mail to the product team fails: 502 with the same Data (`sent` false).
  'POST /api/balance/top-up': { access: writer('issuecertificate'), body: topUpRequest, data: topUpData },
});
