import * as z from 'zod';
import {
  copyEmailData,
  deleteRecipientsData,
  deleteRecipientsRequest,
  listRecipientsQuery,
  photoData,
  photoQuery,
  recipientDocumentData,
  recipientsData,
  sampleSheetData,
  selectionRequest,
  updateRecipientRequest,
} from '../api/recipients';
import { anyMember, defineRoutes, writer } from './define';

/** /api/recipients: the recipient tree and its edits (ManageStudents). */
export const recipientsRoutes = defineRoutes({
  'GET /api/recipients': { access: anyMember, query: listRecipientsQuery, data: recipientsData },
  'POST /api/recipients/update': {
    access: writer('managemember'),
    body: updateRecipientRequest,
    data: z.null(),
  },
  'POST /api/recipients/delete': {
    access: writer('managemember'),
    body: deleteRecipientsRequest,
    data: deleteRecipientsData,
  },
  'POST /api/recipients/copy-email-as-key': {
    access: writer('managemember'),
    body: selectionRequest,
    data: copyEmailData,
  },
  'GET /api/recipients/photo': { access: anyMember, query: photoQuery, data: photoData },
  'GET /api/recipients/document': { access: anyMember, query: photoQuery, data: recipientDocumentData },
  'GET /api/recipients/sample-sheet': { access: anyMember, data: sampleSheetData },
});
