import { workspaceRoutes } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { getRun, listRuns, runView } from '../domain/runs';
import { listWorkspace } from '../domain/workspace/list';
import { startGenerate } from '../domain/workspace/generate-start';
import { resetCertificates, sendForReview } from '../domain/workspace/review';
import { withFreshDownloadLink } from '../domain/workspace/download';
import { httpGroup } from './route-group';

export const handler = httpGroup(workspaceRoutes, {
  'GET /api/workspace': async ({ query }, { caller }) => ({ data: await listWorkspace(caller.orgId, query) }),
  'GET /api/workspace/runs': async ({ query }, { caller }) => {
    const runs = await listRuns(caller.orgId, query.limit);
    return {
      data: { runs: await Promise.all(runs.map((r) => withFreshDownloadLink(caller.orgId, runView(r)))) },
    };
  },
  'GET /api/workspace/runs/{id}': async ({ params }, { caller }) => {
    const run = await withFreshDownloadLink(caller.orgId, runView(await getRun(caller.orgId, params.id)));
    return { message: run.message || m.success, data: run };
  },
  'POST /api/workspace/generate': async ({ body }, { caller }) => ({
    status: 202,
    message: m.generating,
    data: await startGenerate(caller.orgId, body.certtype, body.selectedItems),
  }),
  'POST /api/workspace/review': async ({ body }, { caller }) => ({
    message: m.reviewSent,
    data: await sendForReview(caller.orgId, body.certtype, body.selectedItems),
  }),
  'POST /api/workspace/reset': async ({ body }, { caller }) => ({
    message: m.resetDone,
    data: await resetCertificates(caller.orgId, body.certtype, body.selectedItems),
  }),
});
