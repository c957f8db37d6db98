import { workspaceRoutes } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { requestBake, requestIssue } from '../domain/workspace/issue/requests';
import { holdSelection, revokeSelection, unholdSelection } from '../domain/workspace/holds';
import { sourceIpOf } from './event';
import { httpGroup } from './route-group';

/**
 * The workspace's issuing and status changes: issue (now or scheduled), bake, revoke, hold and
 * unhold. They build status lists and queue the issue and anchor jobs (and schedule issues), so
 * they are a function apart from the rest of /api/workspace, with those grants. Credentials are
 * built, hashed and signed by the jobs, never here.
 */
export const handler = httpGroup(workspaceRoutes, {
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
});
