import { recipientsRoutes } from '@proofmark/shared/contract/recipients';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import {
  copyEmailAsKey,
  deleteRecipients,
  listRecipients,
  documentOf,
  photoOf,
  updateRecipient,
} from '../domain/recipients/recipients';
import { sampleSheet } from '../domain/uploads/sample-sheet';
import { httpGroup } from './route-group';

export const handler = httpGroup(recipientsRoutes, {
  'GET /api/recipients': async ({ query }, { caller }) => ({
    data: await listRecipients(caller.orgId, query),
  }),
  'POST /api/recipients/update': async ({ body }, { caller }) => {
    await updateRecipient(caller.orgId, body);
    return { message: m.recipientUpdated };
  },
  'POST /api/recipients/delete': async ({ body }, { caller }) => {
    const result = await deleteRecipients(caller.orgId, body.certtype, body.selectedItems, body.confirm);
    return { message: m.deleted(result.deleted, result.kept), data: result };
  },
  'POST /api/recipients/copy-email-as-key': async ({ body }, { caller }) => ({
    message: m.emailCopiedAsKey,
    data: await copyEmailAsKey(caller.orgId, body.certtype, body.selectedItems),
  }),
  'GET /api/recipients/photo': async ({ query: q }, { caller }) => ({
    data: await photoOf(caller.orgId, q.cohort, q.student, q.certtype),
  }),
  'GET /api/recipients/document': async ({ query: q }, { caller }) => ({
    data: await documentOf(caller.orgId, q.cohort, q.student, q.certtype),
  }),
  'GET /api/recipients/sample-sheet': async () => ({
    data: {
      filename: 'students-sample.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      base64: (await sampleSheet()).toString('base64'),
    },
  }),
});
