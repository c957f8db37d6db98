import { uploadsRoutes } from '@proofmark/shared/contract/uploads';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { createUpload, getUpload, startImport } from '../domain/uploads/uploads';
import { httpGroup } from './route-group';

/** Uploads of sheets, zips, PDFs and photos; their content is read by the import job (upload-import.ts). */
export const handler = httpGroup(uploadsRoutes, {
  'POST /api/uploads': async ({ body }, { caller }) => ({
    status: 201,
    data: await createUpload(caller.orgId, body),
  }),
  'GET /api/uploads/{id}': async ({ params }, { caller }) => {
    const view = await getUpload(caller.orgId, params.id);
    return { message: view.message || m.success, data: view };
  },
  'POST /api/uploads/{id}/import': async ({ params }, { caller }) => {
    const { view, queued } = await startImport(caller.orgId, params.id);
    return { status: queued ? 202 : 200, message: view.message, data: view };
  },
});
