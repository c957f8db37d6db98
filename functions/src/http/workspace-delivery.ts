import { workspaceRoutes } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { directZip, startDownload } from '../domain/workspace/download';
import { startSend } from '../domain/workspace/send';
import { httpGroup } from './route-group';

/** The workspace's delivery of certificates: send by mail, and the two downloads. */
export const handler = httpGroup(workspaceRoutes, {
  'POST /api/workspace/send': async ({ body }, { caller }) => ({
    status: 202,
    message: m.sending,
    data: await startSend(caller.orgId, body),
  }),
  'POST /api/workspace/download': async ({ body }, { caller }) => ({
    status: 202,
    message: m.preparingDownload,
    data: await startDownload(caller.orgId, body),
  }),
  'POST /api/workspace/download-zip': async ({ body }, { caller }) => ({
    message: m.downloadDone,
    data: await directZip(caller.orgId, body),
  }),
});
