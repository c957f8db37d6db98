import {
  approvalRequest,
  approvalsQuery,
  bakeRequest,
  issueRequest,
  revokeSelectionRequest,
  selection,
  topUpRequest,
} from '@proofmark/shared/api/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { getBalance } from '../domain/workspace/balance';
import { requestTopUp } from '../domain/workspace/top-up-request';
import { requestBake, requestIssue } from '../domain/workspace/issue';
import { holdSelection, revokeSelection, unholdSelection } from '../domain/workspace/holds';
import { decideApprovals, listApprovals } from '../domain/workspace/approvals';
import { httpGroup, parseBody, parseQuery, sourceIpOf } from './kit';

/** Balance, issue (now or scheduled), bake, revoke, hold/unhold and the approval screen (shared/src/api/workspace.ts). */
export const handler = httpGroup({
  'GET /api/balance': async (_event, { caller }) => ({ data: { balance: await getBalance(caller.orgId) } }),
  // The mail's failure is the spec's own message (§8), shown as a warning: 502, not an internal error.
  'POST /api/balance/top-up': async (event, { caller, user }) => {
    const req = parseBody(event, topUpRequest);
    const sent = await requestTopUp(caller.orgId, user, req.amount, req.note);
    const data = { sent, balance: await getBalance(caller.orgId) };
    return sent ? { message: m.topUpSent, data } : { status: 502, message: m.topUpMailFailed, data };
  },

  'POST /api/workspace/issue': async (event, { caller, user }) => {
    const { run, scheduled } = await requestIssue(
      caller.orgId,
      user,
      parseBody(event, issueRequest),
      sourceIpOf(event),
    );
    return { status: 202, message: scheduled ? m.issueScheduled : m.issuing, data: run };
  },
  'POST /api/workspace/bake': async (event, { caller }) => {
    const { run } = await requestBake(caller.orgId, parseBody(event, bakeRequest));
    return { status: 202, message: m.baking, data: run };
  },

  'POST /api/workspace/revoke': async (event, { caller, user }) => {
    const data = await revokeSelection(
      caller.orgId,
      user,
      parseBody(event, revokeSelectionRequest),
      sourceIpOf(event),
    );
    return { message: m.revoked, data };
  },
  'POST /api/workspace/hold': async (event, { caller }) => {
    const req = parseBody(event, selection);
    return { message: m.held, data: await holdSelection(caller.orgId, req.certtype, req.selectedItems) };
  },
  'POST /api/workspace/unhold': async (event, { caller }) => {
    const req = parseBody(event, selection);
    return { message: m.unheld, data: await unholdSelection(caller.orgId, req.certtype, req.selectedItems) };
  },

  'GET /api/approvals': async (event, { caller }) => ({
    data: await listApprovals(caller.orgId, parseQuery(event, approvalsQuery)),
  }),
  'POST /api/approvals': async (event, { caller }) => {
    const req = parseBody(event, approvalRequest);
    const data = await decideApprovals(caller.orgId, req);
    return { message: req.action === 'approve' ? m.approved : m.declined, data };
  },
});
