import { approvalsRoutes } from '@proofmark/shared/contract/approvals';
import { balanceRoutes } from '@proofmark/shared/contract/balance';
import { workspaceRoutes } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { getBalance } from '../domain/workspace/balance';
import { requestTopUp } from '../domain/workspace/top-up-request';
import { requestBake, requestIssue } from '../domain/workspace/issue';
import { holdSelection, revokeSelection, unholdSelection } from '../domain/workspace/holds';
import { decideApprovals, listApprovals } from '../domain/workspace/approvals';
import { sourceIpOf } from './event';
import { httpGroup } from './route-group';

/** Balance, issue (now or scheduled), bake, revoke, hold/unhold and the approval screen. */
export const handler = httpGroup(
  { ...balanceRoutes, ...workspaceRoutes, ...approvalsRoutes },
  {
    'GET /api/balance': async (_input, { caller }) => ({ data: { balance: await getBalance(caller.orgId) } }),
    // The mail's failure is the spec's own message (§8), shown as a warning: 502, not an internal error.
    'POST /api/balance/top-up': async ({ body }, { caller, user }) => {
      const sent = await requestTopUp(caller.orgId, user, body.amount, body.note);
      const data = { sent, balance: await getBalance(caller.orgId) };
      return sent ? { message: m.topUpSent, data } : { status: 502, message: m.topUpMailFailed, data };
    },

    'POST /api/workspace/issue': async ({ body }, { caller, user, event }) => {
      const { run, scheduled } = await requestIssue(caller.orgId, user, body, sourceIpOf(event));
      return { status: 202, message: scheduled ? m.issueScheduled : m.issuing, data: run };
    },
    'POST /api/workspace/bake': async ({ body }, { caller }) => {
      const { run } = await requestBake(caller.orgId, body);
      return { status: 202, message: m.baking, data: run };
    },

    'POST /api/workspace/revoke': async ({ body }, { caller, user, event }) => ({
      message: m.revoked,
      data: await revokeSelection(caller.orgId, user, body, sourceIpOf(event)),
    }),
    'POST /api/workspace/hold': async ({ body }, { caller }) => ({
      message: m.held,
      data: await holdSelection(caller.orgId, body.certtype, body.selectedItems),
    }),
    'POST /api/workspace/unhold': async ({ body }, { caller }) => ({
      message: m.unheld,
      data: await unholdSelection(caller.orgId, body.certtype, body.selectedItems),
    }),

    'GET /api/approvals': async ({ query }, { caller }) => ({
      data: await listApprovals(caller.orgId, query),
    }),
    'POST /api/approvals': async ({ body }, { caller }) => ({
      message: body.action === 'approve' ? m.approved : m.declined,
      data: await decideApprovals(caller.orgId, body),
    }),
  },
);
