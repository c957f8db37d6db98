import * as z from 'zod';
import { workspaceMessages as m } from '../workspace/messages';
import { anyMember, defineRoutes, writer } from './define';
import { certType } from './recipients';
import { certificateParentRow, pageInfo, pageSize, updatedData } from './workspace';

export const approvalsQuery = z.object({
  cohort: z.string().trim().max(100).default(''),
  certtype: certType,
  page: z.coerce.number().int().min(0).default(0),
  pagesize: pageSize,
  search: z.string().trim().max(200).default(''),
});
export type ApprovalsQuery = z.infer<typeof approvalsQuery>;
export const approvalRequest = z
  .object({
    action: z.enum(['approve', 'decline']),
    selectedItems: z.array(z.string().min(2).max(200)).max(20_000).default([]),
    certtype: certType,
    declinereason: z.string().trim().max(500).default(''),
  })
  .refine((v) => v.action === 'approve' || v.declinereason.length > 0, {
    message: m.declineReason,
    path: ['declinereason'],
  });
export const approvalData = updatedData;
/** The approval screen's tree: rows that have an approval code (§4: issued, declined, approved, generated, PK received). */
export const approvalsData = z.object({ mockData: z.array(certificateParentRow), cohortData: pageInfo });
export type ApprovalsData = z.infer<typeof approvalsData>;

/** /api/approvals: the approval screen. */
export const approvalsRoutes = defineRoutes({
  'GET /api/approvals': { access: anyMember, query: approvalsQuery, data: approvalsData },
  'POST /api/approvals': { access: writer('managecertificate'), body: approvalRequest, data: approvalData },
});
