import type { PreviewData } from '@proofmark/shared/contract/workspace';
import { badRequest, notFound } from '@proofmark/shared/errors';
import { itemId, parseItemId } from '@proofmark/shared/recipients/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { canPreview, certificateStatus } from '@proofmark/shared/workspace/rules';
import { certificateHtml } from '../../render/templates';
import { getOrgSettings } from '../settings/org-settings';
import { getRecipient, listCohortRows, type RecipientItem } from '../recipients/recipient-store';
import { GENERATED_STATUSES } from './review';
import { moveEach, transitionRow } from './row-transitions';
import { allowedSelection } from '../recipients/recipients';
import { getOrg } from '../accounts/users';
import { certificateDesignFor, certificateRecipientFor, recipientName } from './design';

/**
 * Preview and Validate (§2.5): the generated certificates of a selection as HTML — the same page
 * the PDF was printed from (render/templates.ts), shown in a sandboxed frame — and the reviewer's
 * mark that a certificate is right.
 */

const isGenerated = (r: RecipientItem) =>
  r.status === certificateStatus.generated || r.status === certificateStatus.sentForReview;

const byCohortAndStudent = (a: RecipientItem, b: RecipientItem) =>
  a.cohortid.localeCompare(b.cohortid) || a.studentid.localeCompare(b.studentid, 'en', { numeric: true });

export const previewCertificates = async (
  orgId: string,
  req: { certtype: string; selectedItems: readonly string[]; page: number; pageSize: number },
): Promise<PreviewData> => {
  const { rows } = await allowedSelection(orgId, req.certtype, req.selectedItems, canPreview);
  const generated = rows.filter(isGenerated).sort(byCohortAndStudent);
  const [org, settings] = await Promise.all([getOrg(orgId), getOrgSettings(orgId)]);
  if (!org) throw notFound();
  const design = await certificateDesignFor(org, settings, req.certtype);
  const slice = generated.slice(req.page * req.pageSize, (req.page + 1) * req.pageSize);
  return {
    total: generated.length,
    PreviewCert: slice.map((r) => ({
      certitem: certificateHtml(design, certificateRecipientFor(r, org.verifierSlug)),
      cohortmemberid: itemId(r.cohortid, r.studentid),
      is_validated: r.validated === 1 ? 1 : 0,
      name: recipientName(r),
    })),
  };
};

/** Marks one generated certificate, or every generated one of a cohort, as validated. */
export const validateCertificates = async (
  orgId: string,
  req: { certtype: string; cohortmemberid?: string; cohort?: string },
): Promise<{ validated: number }> => {
  let rows: RecipientItem[];
  if (req.cohortmemberid) {
    const id = parseItemId(req.cohortmemberid);
    if (!id?.studentid) throw badRequest(m.selectCorrectItems);
    const row = await getRecipient(orgId, id.cohortid, req.certtype, id.studentid);
    rows = row ? [row] : [];
  } else {
    rows = await listCohortRows(orgId, req.cohort!, req.certtype);
  }
  const generated = rows.filter(isGenerated);
  if (!generated.length) throw badRequest(rows.length ? m.noGeneratedCertificates : m.noSelectedStudents);
  return {
    validated: await moveEach(generated, (r) => transitionRow(r, GENERATED_STATUSES, { validated: 1 })),
  };
};
