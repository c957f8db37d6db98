import * as z from 'zod';
import { certificateTypeValues, DEFAULT_CERTIFICATE_TYPE } from '../certificate-types';
import { recipientMessages as m } from '../recipients/messages';
import { DEFAULT_PAGE_SIZE, EMAIL_RE, PAGE_SIZES, statusFilterValues } from '../recipients/rules';
import { isSafeText, unsafeTextMessage } from '../text';
import { anyMember, defineRoutes, writer } from './define';

/**
 * The recipients screen's calls (spec: certificate-operations §2.1, §3, §7): the recipient tree,
 * edits, deletes, photos and documents. The cohorts, uploads, invitations and programme import
 * of the same screen have their own files beside this one.
 */

export const certType = z.enum(certificateTypeValues).default(DEFAULT_CERTIFICATE_TYPE);
const selectedItems = z
  .array(z.string().min(2).max(200), { message: m.noSelectedStudents })
  .min(1, m.noSelectedStudents)
  .max(20_000);

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
  /**
   * The page the screen shows now, as the last answer's `anchor` named it: the pages next to it, the
   * first and the last are then read without reading the cohort. Opaque to the screen.
   */
  anchor: z
    .string()
    .max(1_000)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
});
export type ListRecipientsQuery = z.infer<typeof listRecipientsQuery>;

/** What an anchor holds once decoded (domain/recipients/roster-pages.ts makes and checks it). */
export const rosterAnchor = z.object({
  /** The organisation and the listing (cohort, type, page size) it was made for. */
  org: z.string().min(1).max(100),
  listing: z.string().max(400),
  page: z.number().int().min(0),
  /** The page's first and last rows, as [cohort, student id]. */
  first: z.tuple([z.string().min(1).max(100), z.string().min(1).max(64)]),
  last: z.tuple([z.string().min(1).max(100), z.string().min(1).max(64)]),
  rows: z.number().int().min(1).max(1_000),
});
export type RosterAnchor = z.infer<typeof rosterAnchor>;

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
  /** Mail to this address bounced (a mail event): sends skip the row until its email is edited. */
  bounced: z.boolean().optional(),
  /** Why the last invitation or certificate mail to this row failed (e.g. the organisation's server refused it). */
  mailError: z.string().optional(),
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
  /** Where this page lies (send it back as `anchor` with the next page asked for); unfiltered pages only. */
  anchor: z.string().optional(),
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
