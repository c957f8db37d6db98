import {
  generateRequest,
  previewRequest,
  runsQuery,
  selection,
  validateRequest,
  workspaceQuery,
} from '@proofmark/shared/api/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { getRun, listRuns, runView } from '../domain/runs';
import { listWorkspace } from '../domain/workspace/list';
import { startGenerate } from '../domain/workspace/generate-start';
import { previewCertificates, validateCertificates } from '../domain/workspace/preview';
import { resetCertificates, sendForReview } from '../domain/workspace/review';
import { withFreshDownloadLink } from '../domain/workspace/download';
import { httpGroup, parseBody, parseQuery, pathParam } from './kit';

export const handler = httpGroup({
  'GET /api/workspace': async (event, { caller }) => ({
    data: await listWorkspace(caller.orgId, parseQuery(event, workspaceQuery)),
  }),
  'GET /api/workspace/runs': async (event, { caller }) => {
    const { limit } = parseQuery(event, runsQuery);
    const runs = await listRuns(caller.orgId, limit);
    return {
      data: { runs: await Promise.all(runs.map((r) => withFreshDownloadLink(caller.orgId, runView(r)))) },
    };
  },
  'GET /api/workspace/runs/{id}': async (event, { caller }) => {
    const run = await withFreshDownloadLink(
      caller.orgId,
      runView(await getRun(caller.orgId, pathParam(event, 'id'))),
    );
    return { message: run.message || m.success, data: run };
  },
  'POST /api/workspace/generate': async (event, { caller }) => {
    const req = parseBody(event, generateRequest);
    const run = await startGenerate(caller.orgId, req.certtype, req.selectedItems);
    return { status: 202, message: m.generating, data: run };
  },
  'POST /api/workspace/preview': async (event, { caller }) => ({
    data: await previewCertificates(caller.orgId, parseBody(event, previewRequest)),
  }),
  'POST /api/workspace/validate': async (event, { caller }) => ({
    message: m.validated,
    data: await validateCertificates(caller.orgId, parseBody(event, validateRequest)),
  }),
  'POST /api/workspace/review': async (event, { caller }) => {
    const req = parseBody(event, selection);
    return {
      message: m.reviewSent,
      data: await sendForReview(caller.orgId, req.certtype, req.selectedItems),
    };
  },
  'POST /api/workspace/reset': async (event, { caller }) => {
    const req = parseBody(event, selection);
    return {
      message: m.resetDone,
      data: await resetCertificates(caller.orgId, req.certtype, req.selectedItems),
    };
  },
});
