import {
  createCohortRequest,
  createUploadRequest,
  deleteRecipientsRequest,
  listCohortsQuery,
  listRecipientsQuery,
  photoQuery,
  programmeImportRequest,
  programmeListQuery,
  selectionRequest,
  updateRecipientRequest,
} from '@proofmark/shared/api/recipients';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import {
  copyEmailAsKey,
  createCohort,
  deleteRecipients,
  listCohorts,
  listRecipients,
  documentOf,
  photoOf,
  updateRecipient,
} from '../domain/recipients';
import { createUpload, getUpload, startImport } from '../domain/uploads';
import { sampleSheet } from '../domain/upload-files';
import { inviteSelection, previewInvitations } from '../domain/invitations';
import { importProgrammes, listProgrammes } from '../domain/programmes';
import { httpGroup, parseBody, parseQuery, pathParam } from './kit';

export const handler = httpGroup({
  'GET /api/cohorts': async (event, { caller }) => {
    const data = await listCohorts(caller.orgId, parseQuery(event, listCohortsQuery).certtype);
    return { message: data.Data.length ? m.success : m.noCohorts, data };
  },
  'POST /api/cohorts': async (event, { caller }) => {
    const req = parseBody(event, createCohortRequest);
    return {
      status: 201,
      message: m.cohortCreated,
      data: await createCohort(caller.orgId, req.cohortid, req.country),
    };
  },

  'GET /api/recipients': async (event, { caller }) => ({
    data: await listRecipients(caller.orgId, parseQuery(event, listRecipientsQuery)),
  }),
  'POST /api/recipients/update': async (event, { caller }) => {
    await updateRecipient(caller.orgId, parseBody(event, updateRecipientRequest));
    return { message: m.recipientUpdated };
  },
  'POST /api/recipients/delete': async (event, { caller }) => {
    const req = parseBody(event, deleteRecipientsRequest);
    const result = await deleteRecipients(caller.orgId, req.certtype, req.selectedItems, req.confirm);
    return { message: m.deleted(result.deleted, result.kept), data: result };
  },
  'POST /api/recipients/copy-email-as-key': async (event, { caller }) => {
    const req = parseBody(event, selectionRequest);
    return {
      message: m.emailCopiedAsKey,
      data: await copyEmailAsKey(caller.orgId, req.certtype, req.selectedItems),
    };
  },
  'GET /api/recipients/photo': async (event, { caller }) => {
    const q = parseQuery(event, photoQuery);
    return { data: await photoOf(caller.orgId, q.cohort, q.student, q.certtype) };
  },
  'GET /api/recipients/document': async (event, { caller }) => {
    const q = parseQuery(event, photoQuery);
    return { data: await documentOf(caller.orgId, q.cohort, q.student, q.certtype) };
  },
  'GET /api/recipients/sample-sheet': async () => ({
    data: {
      filename: 'students-sample.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      base64: (await sampleSheet()).toString('base64'),
    },
  }),

  'POST /api/uploads': async (event, { caller }) => ({
    status: 201,
    data: await createUpload(caller.orgId, parseBody(event, createUploadRequest)),
  }),
  'GET /api/uploads/{id}': async (event, { caller }) => {
    const view = await getUpload(caller.orgId, pathParam(event, 'id'));
    return { message: view.message || m.success, data: view };
  },
  'POST /api/uploads/{id}/import': async (event, { caller }) => {
    const { view, queued } = await startImport(caller.orgId, pathParam(event, 'id'));
    return { status: queued ? 202 : 200, message: view.message, data: view };
  },

  'POST /api/invitations/preview': async (event, { caller }) => {
    const req = parseBody(event, selectionRequest);
    return { data: await previewInvitations(caller.orgId, req.certtype, req.selectedItems) };
  },
  'POST /api/invitations': async (event, { caller }) => {
    const req = parseBody(event, selectionRequest);
    const result = await inviteSelection(caller.orgId, req.certtype, req.selectedItems);
    return result.queued
      ? { status: 202, message: m.pleaseWait, data: result }
      : { message: m.invitationsSent, data: result };
  },

  'GET /api/programmes': async (event, { caller }) => ({
    data: await listProgrammes(caller.orgId, parseQuery(event, programmeListQuery)),
  }),
  'POST /api/programmes/import': async (event, { caller }) => {
    const result = await importProgrammes(caller.orgId, parseBody(event, programmeImportRequest));
    return { message: m.programmesImported(result.cohorts, result.students), data: result };
  },
});
