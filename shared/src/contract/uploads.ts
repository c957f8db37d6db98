import * as z from 'zod';
import { anyMember, defineRoutes, writer } from './define';
import { certType } from './recipients';

export const createUploadRequest = z.object({
  /** students: a sheet (.xlsx), a .zip of sheet, PDFs and photos, or a .pdf; photo: a .png/.jpg/.jpeg. */
  purpose: z.enum(['students', 'photo']),
  filename: z.string().max(200),
  size: z.number().int().min(0),
  certtype: certType,
  cohortid: z.string().trim().max(100).default(''),
});
export type CreateUploadRequest = z.infer<typeof createUploadRequest>;

export const uploadTicket = z.object({
  id: z.string(),
  /** PUT the file's bytes here (no other headers needed), then call import. */
  url: z.string(),
  method: z.literal('PUT'),
  expiresIn: z.number().int(),
});

export const uploadState = z.enum(['awaiting-file', 'queued', 'importing', 'done', 'failed']);
export const uploadView = z.object({
  id: z.string(),
  purpose: z.enum(['students', 'photo']),
  filename: z.string(),
  certtype: z.string(),
  cohortid: z.string(),
  state: uploadState,
  /** Rows (and files) to write, and how many are written: the progress of a large import. */
  total: z.number().int(),
  done: z.number().int(),
  message: z.string(),
  /** Each bad row or file: `row 7` / the file name, and the reason. */
  problems: z.array(z.object({ where: z.string(), reason: z.string() })),
  summary: z.object({ recipients: z.number().int(), photos: z.number().int(), documents: z.number().int() }),
  createdAt: z.string(),
});
export type UploadView = z.infer<typeof uploadView>;

/** /api/uploads: a presigned upload, its single-use import and its progress. */
export const uploadsRoutes = defineRoutes({
  'POST /api/uploads': { access: writer('uploadmember'), body: createUploadRequest, data: uploadTicket },
  'GET /api/uploads/{id}': { access: anyMember, data: uploadView },
  // 202 when the import runs as a job, 200 when it finished during the call.
  'POST /api/uploads/{id}/import': { access: writer('uploadmember'), data: uploadView },
});
