import type { ListRecipientsQuery, SelectionRequest } from '@proofmark/shared/api/recipients';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import type { ApiInput } from './client';
import { answer } from './client';

export type { ListRecipientsQuery as RecipientsQuery } from '@proofmark/shared/api/recipients';

/**
 * The recipients screen's calls, typed from the contract (shared/src/contract/recipients.ts,
 * cohorts.ts, uploads.ts, invitations.ts, programmes.ts).
 */
type Body<K extends Parameters<typeof answer>[0]> = ApiInput<K> extends { body?: infer B } ? NonNullable<B> : never;
type Query<K extends Parameters<typeof answer>[0]> = ApiInput<K> extends { query?: infer Q } ? NonNullable<Q> : never;

export const recipientsApi = {
  cohorts: (certtype: CertificateType) => answer('GET /api/cohorts', { query: { certtype } }),
  recipients: (query: ListRecipientsQuery, signal?: AbortSignal) =>
    answer('GET /api/recipients', { query }, { signal }),
  update: (body: Body<'POST /api/recipients/update'>) => answer('POST /api/recipients/update', { body }),
  remove: (body: Body<'POST /api/recipients/delete'>) => answer('POST /api/recipients/delete', { body }),
  copyEmailAsKey: (body: SelectionRequest) => answer('POST /api/recipients/copy-email-as-key', { body }),
  photo: (cohort: string, student: string, certtype: CertificateType) =>
    answer('GET /api/recipients/photo', { query: { cohort, student, certtype } }),
  /** The document uploaded for a recipient (their PDF, else their photo). */
  document: (cohort: string, student: string, certtype: CertificateType) =>
    answer('GET /api/recipients/document', { query: { cohort, student, certtype } }),
  sampleSheet: () => answer('GET /api/recipients/sample-sheet', {}),

  createUpload: (body: Body<'POST /api/uploads'>) => answer('POST /api/uploads', { body }),
  startImport: (id: string) => answer('POST /api/uploads/{id}/import', { params: { id } }),
  upload: (id: string) => answer('GET /api/uploads/{id}', { params: { id } }),

  previewInvitations: (body: SelectionRequest) => answer('POST /api/invitations/preview', { body }),
  sendInvitations: (body: SelectionRequest) => answer('POST /api/invitations', { body }),

  programmes: (query: Query<'GET /api/programmes'>) => answer('GET /api/programmes', { query }),
  importProgrammes: (body: Body<'POST /api/programmes/import'>) => answer('POST /api/programmes/import', { body }),
};
