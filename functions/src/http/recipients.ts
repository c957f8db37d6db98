import { cohortsRoutes } from '@proofmark/shared/contract/cohorts';
import { invitationsRoutes } from '@proofmark/shared/contract/invitations';
import { programmesRoutes } from '@proofmark/shared/contract/programmes';
import { recipientsRoutes } from '@proofmark/shared/contract/recipients';
import { uploadsRoutes } from '@proofmark/shared/contract/uploads';
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
import { httpGroup } from './route-group';

export const handler = httpGroup(
  { ...cohortsRoutes, ...recipientsRoutes, ...uploadsRoutes, ...invitationsRoutes, ...programmesRoutes },
  {
    'GET /api/cohorts': async ({ query }, { caller }) => {
      const data = await listCohorts(caller.orgId, query.certtype);
      return { message: data.Data.length ? m.success : m.noCohorts, data };
    },
    'POST /api/cohorts': async ({ body }, { caller }) => ({
      status: 201,
      message: m.cohortCreated,
      data: await createCohort(caller.orgId, body.cohortid, body.country),
    }),

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

    'POST /api/invitations/preview': async ({ body }, { caller }) => ({
      data: await previewInvitations(caller.orgId, body.certtype, body.selectedItems),
    }),
    'POST /api/invitations': async ({ body }, { caller }) => {
      const result = await inviteSelection(caller.orgId, body.certtype, body.selectedItems);
      return result.queued
        ? { status: 202, message: m.pleaseWait, data: result }
        : { message: m.invitationsSent, data: result };
    },

    'GET /api/programmes': async ({ query }, { caller }) => ({
      data: await listProgrammes(caller.orgId, query),
    }),
    'POST /api/programmes/import': async ({ body }, { caller }) => {
      const result = await importProgrammes(caller.orgId, body);
      return { message: m.programmesImported(result.cohorts, result.students), data: result };
    },
  },
);
