import { badRequest, notFound } from '@proofmark/shared/errors';
import type { ApprovalsData } from '@proofmark/shared/contract/approvals';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { approvalCode, approvalCodeOf, canApprove } from '@proofmark/shared/workspace/rules';
import { listCohortRows, mapLimit, type RecipientItem } from '../recipients/recipient-store';
import { cohortsMatching, matchesSearch, pageOfRowTree, resolveSelection } from '../recipients/recipients';
import { getOrg } from '../accounts/users';
import { certificateRowOf } from './list';
import { moveEach, transitionRow } from './row-transitions';

/**
 * The recipient approval screen (§2.6, §4): rows with an approval code — 1 approved, 2 declined,
 * 3 issued, 4 generated, 5 PK received. Approve acts on codes 3 and 2, Decline on 3 (with a reason);
 * the decision is stored on the row and never changes its certificate status.
 */
const codeOf = (r: RecipientItem) => (r.status ? approvalCodeOf(r.status, r.approval) : undefined);

export const listApprovals = async (
  orgId: string,
  q: { cohort: string; certtype: string; page: number; pagesize: number; search: string },
): Promise<ApprovalsData> => {
  const org = await getOrg(orgId);
  if (!org) throw notFound();
  const cohorts = await cohortsMatching(orgId, q.cohort);
  const rows = (await mapLimit(cohorts, 8, (c) => listCohortRows(orgId, c, q.certtype))).flat();
  const shown = rows.filter((r) => codeOf(r) !== undefined && matchesSearch(r, q.search));
  const tree = pageOfRowTree(shown, q.page, q.pagesize, certificateRowOf(org.verifierSlug));
  return tree as unknown as ApprovalsData;
};

export const decideApprovals = async (
  orgId: string,
  req: { action: 'approve' | 'decline'; selectedItems: string[]; certtype: string; declinereason: string },
): Promise<{ updated: number }> => {
  if (!req.selectedItems.length) throw badRequest(m.approvalNothingSelected);
  const { rows } = await resolveSelection(orgId, req.certtype, req.selectedItems);
  const verdict = canApprove(rows.map(codeOf), req.action);
  if (!verdict.ok) throw badRequest(verdict.message);
  const eligible = rows.filter((r) => {
    const c = codeOf(r);
    return req.action === 'approve'
      ? c === approvalCode.issued || c === approvalCode.declined
      : c === approvalCode.issued;
  });
  const updated = await moveEach(eligible, (r) =>
    // From the status it was read in: a row revoked meanwhile has no approval code any more.
    transitionRow(
      r,
      [r.status],
      req.action === 'approve'
        ? { approval: approvalCode.approved }
        : { approval: approvalCode.declined, declineReason: req.declinereason },
      req.action === 'approve' ? { remove: ['declineReason'] } : {},
    ),
  );
  return { updated };
};
