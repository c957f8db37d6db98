import { invitationPreviewData, invitationSendData, selectionRequest } from '../api/recipients';
import { defineRoutes, reader, writer } from './define';

/** /api/invitations: the recipients' invitation mails. */
export const invitationsRoutes = defineRoutes({
  'POST /api/invitations/preview': {
    access: reader('previewinviteemail'),
    body: selectionRequest,
    data: invitationPreviewData,
  },
  // 202 when a large selection goes to the invite job.
  'POST /api/invitations': { access: writer('sendinvite'), body: selectionRequest, data: invitationSendData },
});
