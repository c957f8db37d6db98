import { directZipRequest, downloadRequest, selection } from '@proofmark/shared/api/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { directZip, startDownload } from '../domain/workspace/download';
import { startSend } from '../domain/workspace/send';
import { httpGroup, parseBody } from './kit';

/** Delivery of certificates (shared/src/api/workspace.ts): send by mail, and the two downloads. */
export const handler = httpGroup({
  'POST /api/workspace/send': async (event, { caller }) => ({
    status: 202,
    message: m.sending,
    data: await startSend(caller.orgId, parseBody(event, selection)),
  }),
  'POST /api/workspace/download': async (event, { caller }) => ({
    status: 202,
    message: m.preparingDownload,
    data: await startDownload(caller.orgId, parseBody(event, downloadRequest)),
  }),
  'POST /api/workspace/download-zip': async (event, { caller }) => ({
    message: m.downloadDone,
    data: await directZip(caller.orgId, parseBody(event, directZipRequest)),
  }),
});
