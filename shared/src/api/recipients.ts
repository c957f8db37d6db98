import * as z from 'zod';
import { certificateTypeValues, DEFAULT_CERTIFICATE_TYPE } from '../certificate-types';
import { recipientMessages as m } from '../recipients/messages';
import {
  DEFAULT_PAGE_SIZE,
  EMAIL_RE,
  PAGE_SIZES,
  statusFilterValues,
  validCohortId,
} from '../recipients/rules';
import { isSafeText, unsafeTextMessage } from '../text';

/**
 * The recipients screen's calls (spec: certificate-operations §2.1, §2.2, §3, §7): cohorts,
 * uploads, the recipient tree, edits, deletes, invitations and programme import. Handlers parse
 * with these schemas; the web client is typed from them.
 *
 * | call                          | route                                  |
 * |-------------------------------|----------------------------------------|
 * | list cohorts                  | GET  /api/cohorts?certtype=            |
 * | add a cohort by hand          | POST /api/cohorts                      |
 * | list recipients (tree, paged) | GET  /api/recipients?cohort=&...       |
 * | update recipient              | POST /api/recipients/update            |
 * | delete recipients             | POST /api/recipients/delete            |
 * | copy email as public key      | POST /api/recipients/copy-email-as-key |
 * | preview photo                 | GET  /api/recipients/photo?...         |
 * | sample sheet (.xlsx)          | GET  /api/recipients/sample-sheet      |
 * | start an upload (presigned)   | POST /api/uploads                      |
 * | import an uploaded file       | POST /api/uploads/{id}/import          |
 * | upload progress               | GET  /api/uploads/{id}                 |
 * | preview invitation email      | POST /api/invitations/preview          |
 * | send invitations              | POST /api/invitations                  |
 * | programme list                | GET  /api/programmes?...               |
 * | programme import              | POST /api/programmes/import            |
 */

export const certType = z.enum(certificateTypeValues).default(DEFAULT_CERTIFICATE_TYPE);
const cohortId = z.string().trim().refine(validCohortId, { message: m.cohortIdInvalid });
const selectedItems = z
  .array(z.string().min(2).max(200), { message: m.noSelectedStudents })
  .min(1, m.noSelectedStudents)
  .max(20_000);
const flag01 = z.coerce.number().int().min(0).max(1).default(0);

// ——— cohorts ———

export const listCohortsQuery = z.object({ certtype: certType });
export const cohortOption = z.object({
  label: z.string(),
  value: z.string(),
  country: z.string(),
  /** Recipients of the requested certificate type in the cohort. */
  count: z.number().int(),
});
export type CohortOptionView = z.infer<typeof cohortOption>;
export const cohortsData = z.object({
  Data: z.array(cohortOption),
  /** JSON text mapping a template number to its name (§3). */
  Templates: z.string(),
  cohortsearchmode: z.union([z.literal(0), z.literal(1)]),
  /** Dropdown id (`cohort_0`, `cohort_1`, ...) → options; an option shows when its parent equals the parts chosen before. */
  cohortdropwdownarray: z.record(
    z.string(),
    z.array(z.object({ label: z.string(), value: z.string(), parent: z.string() })),
  ),
});
export type CohortsData = z.infer<typeof cohortsData>;

export const createCohortRequest = z.object({
  cohortid: cohortId,
  country: z.string().trim().max(60).default(''),
});
export const createdCohortData = z.object({ cohortid: z.string() });

// ——— the recipient tree ———

export const listRecipientsQuery = z.object({
  /** A full cohort key, or a dash-joined prefix of parts from the chained dropdowns; empty for all cohorts. */
  cohort: z.string().trim().max(100).default(''),
  certtype: certType,
  page: z.coerce.number().int().min(0).default(0),
  pagesize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      message: `Page size must be one of ${PAGE_SIZES.join(', ')}.`,
    })
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).default(''),
  status: z.enum(statusFilterValues).default('all'),
});
export type ListRecipientsQuery = z.infer<typeof listRecipientsQuery>;

/** A child row (§2.1, §3). */
export const recipientRow = z.object({
  id: z.string(),
  cohortid: z.string(),
  studentid: z.string(),
  field1: z.string(),
  field2: z.string(),
  field3: z.string(),
  field4: z.string(),
  field5: z.string(),
  field6: z.string(),
  field7: z.string(),
  field10: z.enum(['Yes', 'No']),
  field11: z.string(),
  status: z.string(),
  secondemailaddress: z.string(),
  extrafields: z.record(z.string(), z.string()),
  is_child: z.literal(1),
  children: z.array(z.never()),
});
export type RecipientRow = z.infer<typeof recipientRow>;

/** A parent (cohort) row; `pagecount` (matching rows in all, §9) is set on the first one. */
export const cohortRow = recipientRow.extend({
  field10: z.enum(['Yes', 'No', '']),
  is_child: z.literal(0),
  children: z.array(recipientRow),
  pagecount: z.number().int().optional(),
});
export type CohortRow = z.infer<typeof cohortRow>;

export const recipientsData = z.object({
  mockData: z.array(cohortRow),
  cohortData: z.object({
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
  }),
});
export type RecipientsData = z.infer<typeof recipientsData>;

export const updateRecipientRequest = z.object({
  selectedCertType: certType,
  selectedcoid: z.string().min(1).max(100, m.cohortIdInvalid),
  selectedstdid: z.string().min(1).max(64, 'The student ID is too long.'),
  newemail: z.string().trim().toLowerCase().regex(EMAIL_RE, m.invalidEmail),
  firstname: z.string().trim().min(1, m.firstNameRequired).max(100).refine(isSafeText, unsafeTextMessage),
  middlename: z.string().trim().max(100).refine(isSafeText, unsafeTextMessage).default(''),
  lastname: z.string().trim().max(100).refine(isSafeText, unsafeTextMessage).default(''),
  secondemailaddress: z
    .string()
    .trim()
    .toLowerCase()
    .refine((s) => s === '' || EMAIL_RE.test(s), { message: m.invalidEmail })
    .optional(),
});
export type UpdateRecipientRequest = z.infer<typeof updateRecipientRequest>;

export const deleteRecipientsRequest = z.object({
  selectedItems: z.array(z.string().min(2).max(200)).min(1, m.selectCorrectItems).max(20_000),
  certtype: certType,
  /** Set after the user accepted the §8 question: rows with issued certificates are then kept, the rest deleted. */
  confirm: z.boolean().default(false),
});
export const deleteRecipientsData = z.object({ deleted: z.number().int(), kept: z.number().int() });

export const selectionRequest = z.object({ selectedItems, certtype: certType });
export type SelectionRequest = z.infer<typeof selectionRequest>;
export const copyEmailData = z.object({ updated: z.number().int() });

export const photoQuery = z.object({
  cohort: z.string().min(1).max(100, m.cohortIdInvalid),
  student: z.string().min(1).max(64, 'The student ID is too long.'),
  certtype: certType,
});
export const photoData = z.object({ photoContent: z.string(), photoTitle: z.string() });
/** The recipient's uploaded document (a PDF), or else their photo, as a data URL (approval screen §2.6). */
export const recipientDocumentData = z.object({
  kind: z.enum(['pdf', 'image']),
  content: z.string(),
  title: z.string(),
});

export const sampleSheetData = z.object({
  filename: z.string(),
  contentType: z.string(),
  base64: z.string(),
});

// ——— uploads ———

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

// ——— invitations ———

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
/** Up to this many are sent during the call; a larger selection goes to the invite job. */
export const INLINE_INVITATIONS = 20;

// ——— programme import (§2.2) ———

export const programmeListQuery = z.object({
  undergraduate: flag01,
  postgraduate: flag01,
  paid: flag01,
  /** 1 batches, 2 paid items, 3 both. */
  mode: z.coerce.number().int().min(1).max(3).default(3),
});
export const programmeBatch = z.object({
  id: z.string(),
  label: z.string(),
  level: z.enum(['undergraduate', 'postgraduate']),
  paid: z.boolean(),
  students: z.number().int(),
});
export const programmeListData = z.object({
  batchdata: z.array(programmeBatch),
  paiddata: z.array(z.object({ id: z.string(), label: z.string(), batchId: z.string() })),
});
export type ProgrammeListData = z.infer<typeof programmeListData>;

export const programmeImportRequest = z.object({
  undergraduate: flag01,
  postgraduate: flag01,
  paid: flag01,
  selected: z.array(z.string().min(1)).default([]),
  semester: z.coerce.number().int().min(1).max(10).optional(),
  year: z.coerce.number().int().min(1).max(6).optional(),
  certtype: certType,
});
export type ProgrammeImportRequest = z.infer<typeof programmeImportRequest>;
export const programmeImportData = z.object({ cohorts: z.number().int(), students: z.number().int() });
