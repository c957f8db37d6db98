import { approvalData, approvalRequest, approvalsData, approvalsQuery } from '../api/workspace';
import { anyMember, defineRoutes, writer } from './define';

/** /api/approvals: the approval screen. */
export const approvalsRoutes = defineRoutes({
  'GET /api/approvals': { access: anyMember, query: approvalsQuery, data: approvalsData },
  'POST /api/approvals': { access: writer('managecertificate'), body: approvalRequest, data: approvalData },
});
