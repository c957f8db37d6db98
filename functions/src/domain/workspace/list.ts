import type { CertificateRow, WorkspaceData, WorkspaceQuery } from '@proofmark/shared/contract/workspace';
import { approvalCodeOf, certificateStatus, isIssuedTabStatus } from '@proofmark/shared/workspace/rules';
import { notFound } from '@proofmark/shared/errors';
import { childRow, cohortsMatching, matchesSearch, pageOfRowTree } from '../recipients/recipients';
import { listCohortRows, mapLimit, type RecipientItem } from '../recipients/recipient-store';
import { publicKeys, publicUrl, verifierPageUrl } from '../public-urls';
import { getOrg } from '../accounts/users';

/**
 * The workspace's two tabs (§2.5) in one answer: In-Progress (everything not yet issued) and
 * Issued (issued, sent, held, revoked), each a cohort tree paged on its own.
 */

/** The fragment asks the PDF viewer to open the print dialog: the print link is the same PDF. */
export const PRINT_FRAGMENT = '#print';

const matchesWorkspaceFilter = (r: RecipientItem, status: WorkspaceQuery['status']) => {
  switch (status) {
    case 'all':
      return true;
    case 'With Photo':
      return !!r.photoKey;
    case 'Without Photo':
      return !r.photoKey;
    default:
      return r.status === status;
  }
};

/** A row of either tab: the recipients screen's row plus its certificate (§3). */
export const certificateRowOf =
  (slug: string) =>
  (r: RecipientItem): CertificateRow => {
    // Public links exist once the certificate is published (issued); revoked ones stay reachable
    // so a verifier can show why it failed.
    const published = !!r.certUuid && isIssuedTabStatus(r.status);
    const link = (key: string) => (published ? publicUrl(key) : '');
    const uuid = r.certUuid ?? '';
    return {
      ...childRow(r),
      is_validated: r.validated === 1 ? 1 : 0,
      credentialId: uuid ? `urn:uuid:${uuid}` : '',
      jsondownloadurl: link(publicKeys.credential(slug, uuid)),
      pdfdownloadurl: link(publicKeys.credential(slug, uuid, 'pdf')),
      printpdfurl: published ? `${publicUrl(publicKeys.credential(slug, uuid, 'pdf'))}${PRINT_FRAGMENT}` : '',
      verifyurl: published ? verifierPageUrl(slug, uuid) : '',
      scheduledAt: r.status === certificateStatus.scheduled ? (r.scheduledAt ?? '') : '',
      approval: r.status ? (approvalCodeOf(r.status, r.approval) ?? 0) : 0,
      declinereason: r.declineReason ?? '',
      ...(r.certUuid && r.designVersion !== undefined ? { designVersion: r.designVersion } : {}),
    };
  };

export const listWorkspace = async (orgId: string, q: WorkspaceQuery): Promise<WorkspaceData> => {
  const org = await getOrg(orgId);
  if (!org) throw notFound();
  const cohorts = await cohortsMatching(orgId, q.cohort);
  const rows = (await mapLimit(cohorts, 8, (c) => listCohortRows(orgId, c, q.certtype))).flat();
  const matching = rows.filter((r) => matchesWorkspaceFilter(r, q.status) && matchesSearch(r, q.search));
  const toRow = certificateRowOf(org.verifierSlug);
  const inProgress = pageOfRowTree(
    matching.filter((r) => !isIssuedTabStatus(r.status)),
    q.page,
    q.pagesize,
    toRow,
  );
  const issued = pageOfRowTree(
    matching.filter((r) => isIssuedTabStatus(r.status)),
    q.pageIssued,
    q.pagesize,
    toRow,
  );
  return {
    step: 'all',
    mockData: inProgress.mockData,
    mockData_Issued: issued.mockData,
    cohortData: inProgress.cohortData,
    issuedData: issued.cohortData,
  };
};
