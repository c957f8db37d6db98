import * as z from 'zod';
import { defineRoutes, reader, writer } from './define';
import { selectionRequest } from './recipients';

export const previewMail = z.object({ to: z.string(), subject: z.string(), html: z.string() });
export type PreviewMail = z.infer<typeof previewMail>;
export const invitationPreviewData = z.object({ PreviewMail: z.array(previewMail) });
export const invitationSendData = z.object({
  sent: z.number().int(),
  queued: z.number().int(),
  skipped: z.number().int(),
  /** A queued send: the run that counts it (GET /api/workspace/runs/{id}). */
  runId: z.string().optional(),
});
/** Previews are for reading a few mails: the first ones of the selection. */
export const MAX_PREVIEW_MAILS = 10;

/** /api/invitations: the recipients' invitation mails. */
export const invitationsRoutes = defineRoutes({
  'POST /api/invitations/preview': {
    access: reader('previewinviteemail'),
    body: selectionRequest,
    data: invitationPreviewData,
  },
  // 202: the invite job mails them, as a run (the answer names it).
  'POST /api/invitations': { access: writer('sendinvite'), body: selectionRequest, data: invitationSendData },
});
