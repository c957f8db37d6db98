import * as z from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../recipients/rules';
import { workspaceMessages as m } from '../workspace/messages';
import { MAX_ROWS_PER_REQUEST } from '../workspace/rules';
import { anyMember, defineRoutes, reader, writer } from './define';
import { certType, recipientRow } from './recipients';

/**
 * The issuance workspace's calls (spec: certificate-operations §2.5, §4, §5, §7): the two tabs,
 * generate, preview, validate, review, reset, issue (now or scheduled), Open Badges baking, revoke,
 * hold/unhold, send and download. Long work runs as a job and answers a run to follow
 * (GET /api/workspace/runs/{id}). The balance and the approval screen have their own files.
 */

const selectedItems = z
  .array(z.string().min(2).max(200), { message: m.noSelectedStudents })
  .min(1, m.noSelectedStudents)
  .max(20_000);
export const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
    message: `Page size must be one of ${PAGE_SIZES.join(', ')}.`,
  })
  .default(DEFAULT_PAGE_SIZE);

export const selection = z.object({ selectedItems, certtype: certType });
export type Selection = z.infer<typeof selection>;

// ——— the two tabs ———

/** Status filter of both tabs: the recipients screen's, plus the certificate statuses. */
export const workspaceStatusFilters = [
  'all',
  'PK received',
  'generated',
  'Sent for Review',
  'Scheduled',
  'Issuing',
  'Certificate issued',
  'Certificate sent',
  'Hold',
  'Revoked',
  'With Photo',
  'Without Photo',
] as const;

export const workspaceQuery = z.object({
  cohort: z.string().trim().max(100).default(''),
  certtype: certType,
  /** Page of the In-Progress tab, and of the Issued tab (paging per tab, §2.5). */
  page: z.coerce.number().int().min(0).default(0),
  pageIssued: z.coerce.number().int().min(0).default(0),
  pagesize: pageSize,
  search: z.string().trim().max(200).default(''),
  status: z.enum(workspaceStatusFilters).default('all'),
});
export type WorkspaceQuery = z.infer<typeof workspaceQuery>;

/** A child row of either tab: the recipient row plus its certificate (§3). */
export const certificateRow = recipientRow.extend({
  is_validated: z.union([z.literal(0), z.literal(1)]),
  /** Set once generated: the certificate's id (urn:uuid:…), fixed from generation to issuance. */
  credentialId: z.string(),
  /** Issued certificates: public links (§3). Empty until issued. */
  jsondownloadurl: z.string(),
  pdfdownloadurl: z.string(),
  printpdfurl: z.string(),
  /** The organisation's verifier page for this certificate. */
  verifyurl: z.string(),
  /** When a scheduled issuance runs (ISO), for status Scheduled. */
  scheduledAt: z.string(),
  /** Approval screen (§2.6): code 1–5, and the reason of a decline. */
  approval: z.number().int(),
  declinereason: z.string(),
  /** Once generated: the cohort's design version it was generated with (0: the gallery default). */
  designVersion: z.number().int().optional(),
});
export type CertificateRow = z.infer<typeof certificateRow>;
export const certificateParentRow = certificateRow.extend({
  field10: z.enum(['Yes', 'No', '']),
  is_child: z.literal(0),
  children: z.array(certificateRow),
  pagecount: z.number().int().optional(),
});
export type CertificateParentRow = z.infer<typeof certificateParentRow>;
export const pageInfo = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
});
export const workspaceData = z.object({
  step: z.literal('all'),
  mockData: z.array(certificateParentRow),
  mockData_Issued: z.array(certificateParentRow),
  cohortData: pageInfo,
  issuedData: pageInfo,
});
export type WorkspaceData = z.infer<typeof workspaceData>;

// ——— runs (long work) ———

/** Long work of the workspace, and `invite`: a large invitation send of the recipients screen. */
export const runKinds = ['generate', 'issue', 'bake', 'send', 'download', 'invite', 'mail-test'] as const;
export type RunKind = (typeof runKinds)[number];
export const runStates = ['scheduled', 'queued', 'running', 'done', 'failed'] as const;
export const runView = z.object({
  id: z.string(),
  kind: z.enum(runKinds),
  state: z.enum(runStates),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** Per-recipient problems, at most 50 ("<studentid>: <reason>"). */
  errors: z.array(z.string()),
  message: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Issue: the anchoring batch and its transaction once known. */
  batchId: z.string().optional(),
  txId: z.string().optional(),
  /** Scheduled issuance: when it runs. */
  scheduledAt: z.string().optional(),
  /** Download: a link to the finished zip (expires). */
  downloadUrl: z.string().optional(),
  /** Runs that mail: how many mails left through the organisation's mail server (named) and through Proofmark's sender. */
  mailRoutes: z
    .object({ organisation: z.number().int(), product: z.number().int(), server: z.string().optional() })
    .optional(),
});
export type RunView = z.infer<typeof runView>;

/** How long a finished run stays in the list of runs (a reloaded page still shows its outcome). */
export const RECENT_RUN_HOURS = 24;
export const MAX_RUNS_LISTED = 50;
/** The organisation's unfinished runs and those finished in the last RECENT_RUN_HOURS, newest first. */
export const runsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_RUNS_LISTED).default(20),
});
export const runList = z.object({ runs: z.array(runView) });
export type RunList = z.infer<typeof runList>;

// ——— generate, preview, validate, review, reset ———

export const generateRequest = selection.extend({
  selectedItems: selectedItems.max(MAX_ROWS_PER_REQUEST),
});

export const previewRequest = selection.extend({
  page: z.number().int().min(0).default(0),
  // A rendered page is ~0.8 MB (inline fonts); 5 keep an answer well under Lambda's 6 MB.
  pageSize: z.number().int().min(1).max(5).default(1),
});
/** §3: certitem is the certificate's HTML (rendered in a sandboxed frame). */
export const previewCert = z.object({
  certitem: z.string(),
  cohortmemberid: z.string(),
  is_validated: z.union([z.literal(0), z.literal(1)]),
  name: z.string(),
  /** the design version the certificate was generated with (0: the gallery default) */
  designVersion: z.number().int(),
});
export const previewData = z.object({ PreviewCert: z.array(previewCert), total: z.number().int() });
export type PreviewData = z.infer<typeof previewData>;

/** §7 Validate: one recipient (`cohortmemberid` = cohort=student), or every generated row of a cohort. */
export const validatedData = z.object({ validated: z.number().int() });
/** Rows a review, reset or approval decision changed. */
export const updatedData = z.object({ updated: z.number().int() });

export const validateRequest = z
  .object({
    certtype: certType,
    cohortmemberid: z.string().min(2).max(200).optional(),
    cohort: z.string().trim().max(100).optional(),
  })
  .refine((v) => !!v.cohortmemberid || !!v.cohort, { message: m.noSelectedStudents });

// ——— issue, revoke, hold ———

export const credentialsCheck = z.object({
  email: z.string().trim().min(1, m.inputEmail).max(254),
  password: z.string().min(1, m.inputPassword).max(128),
});

export const issueRequest = credentialsCheck.extend({
  certtype: certType,
  /** The rows to issue; or `selectedCohort` for a whole cohort (§7). */
  selectedItems: z.array(z.string().min(2).max(200)).max(MAX_ROWS_PER_REQUEST).default([]),
  selectedCohort: z.string().trim().max(100).optional(),
  /**
   * Made by the client when the confirmation opens: the same id sent twice (a double click, a
   * retried request) is one issuance, one batch, one debit.
   */
  requestId: z.uuid(),
  /** Issue later (ISO date-time with offset); absent: now. */
  scheduleAt: z.iso.datetime({ offset: true }).optional(),
});
export type IssueRequest = z.infer<typeof issueRequest>;

export const bakeRequest = selection.extend({ requestId: z.uuid() });

/** Revoke, hold, unhold: rows changed and the status-list batch anchoring the change (follow it like any batch). */
export const statusChangeData = z.object({ updated: z.number().int(), batchId: z.string() });

export const revokeSelectionRequest = credentialsCheck.extend({
  selectedItems,
  certtype: certType,
  revokereason: z.string().trim().min(1, m.revokeReason).max(500),
});

// ——— send and download ———

export const downloadTypes = ['individual', 'consolidated'] as const;
export const downloadRequest = selection.extend({
  downloadjson: z.boolean().default(false),
  downloadpdf: z.boolean().default(false),
  downloadprint: z.boolean().default(false),
  downloadqrcode: z.boolean().default(false),
  /** individual: one file per certificate; consolidated: the PDFs joined into one. */
  downloadtype: z.enum(downloadTypes).default('individual'),
});
export type DownloadRequest = z.infer<typeof downloadRequest>;
/**
 * The direct download answers an empty selection with its own message ('There is no selected
 * items', §5), so the empty list reaches the rule instead of the schema's generic refusal.
 */
export const directZipRequest = selection.extend({
  selectedItems: z.array(z.string().min(2).max(200)).max(20_000),
});
export const directZipData = z.object({ url: z.string(), count: z.number().int() });

/**
 * /api/workspace: the issuance workspace (ManageCertificate). Long work runs as a job and answers
 * a run to follow (GET /api/workspace/runs/{id}) with 202.
 */
export const workspaceRoutes = defineRoutes({
  'GET /api/workspace': { access: anyMember, query: workspaceQuery, data: workspaceData },
  'GET /api/workspace/runs': { access: anyMember, query: runsQuery, data: runList },
  'GET /api/workspace/runs/{id}': { access: anyMember, data: runView },
  'POST /api/workspace/generate': {
    access: writer('generatecertificate'),
    body: generateRequest,
    data: runView,
  },
  'POST /api/workspace/preview': {
    access: reader('previewcertificate'),
    body: previewRequest,
    data: previewData,
  },
  'POST /api/workspace/validate': { access: writer('validate'), body: validateRequest, data: validatedData },
  'POST /api/workspace/review': { access: writer('managecertificate'), body: selection, data: updatedData },
  'POST /api/workspace/reset': { access: writer('managecertificate'), body: selection, data: updatedData },
  // Issue now or at `scheduleAt`; the same requestId twice is one issuance.
  'POST /api/workspace/issue': { access: writer('issuecertificate'), body: issueRequest, data: runView },
  'POST /api/workspace/bake': { access: writer('issuecertificate'), body: bakeRequest, data: runView },
  'POST /api/workspace/revoke': {
    access: writer('issuecertificate'),
    body: revokeSelectionRequest,
    data: statusChangeData,
  },
  'POST /api/workspace/hold': {
    access: writer('managecertificate'),
    body: selection,
    data: statusChangeData,
  },
  'POST /api/workspace/unhold': {
    access: writer('managecertificate'),
    body: selection,
    data: statusChangeData,
  },
  'POST /api/workspace/send': { access: writer('sendcertificate'), body: selection, data: runView },
  'POST /api/workspace/download': { access: anyMember, body: downloadRequest, data: runView },
  'POST /api/workspace/download-zip': { access: anyMember, body: directZipRequest, data: directZipData },
});
