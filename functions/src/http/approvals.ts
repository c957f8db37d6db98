import { approvalsRoutes } from '@proofmark/shared/contract/approvals';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { decideApprovals, listApprovals } from '../domain/workspace/approvals';
import { httpGroup } from './route-group';

/** The approval screen (spec §2.6): certificates sent for review, approved or declined. */
export const handler = httpGroup(approvalsRoutes, {
  'GET /api/approvals': async ({ query }, { caller }) => ({
    data: await listApprovals(caller.orgId, query),
  }),
  'POST /api/approvals': async ({ body }, { caller }) => ({
    message: body.action === 'approve' ? m.approved : m.declined,
    data: await decideApprovals(caller.orgId, body),
  }),
});
