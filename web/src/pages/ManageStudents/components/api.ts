import type { z } from 'zod';
import type {
  CohortsData,
  CreateUploadRequest,
  ProgrammeImportRequest,
  ProgrammeListData,
  RecipientsData,
  UpdateRecipientRequest,
  UploadView,
  copyEmailData,
  deleteRecipientsData,
  invitationPreviewData,
  invitationSendData,
  photoData,
  programmeImportData,
  sampleSheetData,
  uploadTicket,
} from '@proofmark/shared/api/recipients';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import type { StatusFilter } from '@proofmark/shared/recipients/rules';
import { api } from '../../../api/client';
import type { Answer } from '../../../api/envelope';

/** The recipients screen's calls (route table: shared/src/api/recipients.ts). */

export interface RecipientsQuery {
  cohort: string;
  certtype: CertificateType;
  page: number;
  pagesize: number;
  search: string;
  status: StatusFilter;
}

const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export interface Selection {
  selectedItems: string[];
  certtype: CertificateType;
}

export const recipientsApi = {
  cohorts: (certtype: CertificateType) => api.get<Answer<CohortsData>>(`/api/cohorts?${qs({ certtype })}`),
  recipients: (q: RecipientsQuery, signal?: AbortSignal) =>
    api.get<Answer<RecipientsData>>(`/api/recipients?${qs({ ...q })}`, { signal }),
  update: (body: UpdateRecipientRequest) => api.post<Answer<unknown>>('/api/recipients/update', body),
  remove: (body: Selection & { confirm: boolean }) =>
    api.post<Answer<z.infer<typeof deleteRecipientsData>>>('/api/recipients/delete', body),
  copyEmailAsKey: (body: Selection) =>
    api.post<Answer<z.infer<typeof copyEmailData>>>('/api/recipients/copy-email-as-key', body),
  photo: (cohort: string, student: string, certtype: CertificateType) =>
    api.get<Answer<z.infer<typeof photoData>>>(`/api/recipients/photo?${qs({ cohort, student, certtype })}`),
  sampleSheet: () => api.get<Answer<z.infer<typeof sampleSheetData>>>('/api/recipients/sample-sheet'),

  createUpload: (body: CreateUploadRequest) =>
    api.post<Answer<z.infer<typeof uploadTicket>>>('/api/uploads', body),
  startImport: (id: string) => api.post<Answer<UploadView>>(`/api/uploads/${encodeURIComponent(id)}/import`),
  upload: (id: string) => api.get<Answer<UploadView>>(`/api/uploads/${encodeURIComponent(id)}`),

  previewInvitations: (body: Selection) =>
    api.post<Answer<z.infer<typeof invitationPreviewData>>>('/api/invitations/preview', body),
  sendInvitations: (body: Selection) =>
    api.post<Answer<z.infer<typeof invitationSendData>>>('/api/invitations', body),

  programmes: (q: { undergraduate: 0 | 1; postgraduate: 0 | 1; paid: 0 | 1; mode: 1 | 2 | 3 }) =>
    api.get<Answer<ProgrammeListData>>(`/api/programmes?${qs(q)}`),
  importProgrammes: (body: ProgrammeImportRequest) =>
    api.post<Answer<z.infer<typeof programmeImportData>>>('/api/programmes/import', body),

  /** Only the API-mode flag of the profile is read here (§2.2). */
  profile: () => api.get<Answer<{ isapimode?: 0 | 1 }>>('/api/profile'),
};
