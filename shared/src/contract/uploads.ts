import { createUploadRequest, uploadTicket, uploadView } from '../api/recipients';
import { anyMember, defineRoutes, writer } from './define';

/** /api/uploads: a presigned upload, its single-use import and its progress. */
export const uploadsRoutes = defineRoutes({
  'POST /api/uploads': { access: writer('uploadmember'), body: createUploadRequest, data: uploadTicket },
  'GET /api/uploads/{id}': { access: anyMember, data: uploadView },
  // 202 when the import runs as a job, 200 when it finished during the call.
  'POST /api/uploads/{id}/import': { access: writer('uploadmember'), data: uploadView },
});
