import type { PreviewData } from '@proofmark/shared/contract/workspace';
import { badRequest, notFound } from '@proofmark/shared/errors';
import { itemId, parseItemId } from '@proofmark/shared/recipients/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { canPreview, certificateStatus } from '@proofmark/shared/workspace/rules';
import { certificateHtml } from '../../render/design-page';
import type { PreparedDesign } from '../../render/model';
import { getOrgSettings } from '../settings/org-settings';
import { getRecipient, listCohortRows, type RecipientItem } from '../recipients/recipient-store';
import { GENERATED_STATUSES } from './review';
import { moveEach, transitionRow } from './row-transitions';
import { allowedSelection } from '../recipients/recipients';
import { getOrg } from '../accounts/users';
import { photoFor, prepareDesign } from '../designs/context';
import { currentDesign, designAt } from '../designs/designs';
import { certificateRecipientFor, recipientName } from '../designs/recipient-fields';

/**
 * Preview and Validate (§2.5): the generated certificates of a selection as HTML — the same page
 * the PDF was printed from (render/design-page.ts, the design version the row was generated with), shown in a sandboxed frame — and the reviewer's
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
  const slice = generated.slice(req.page * req.pageSize, (req.page + 1) * req.pageSize);
  const designs = new Map<string, Promise<{ version: number; prepared: PreparedDesign }>>();
  const designOf = (r: RecipientItem) => {
    const key = `${r.cohortid}\n${r.designVersion ?? ''}`;
    let d = designs.get(key);
    if (!d) {
      d = (async () => {
        const stored =
          r.designVersion === undefined
            ? await currentDesign(orgId, req.certtype, r.cohortid)
            : await designAt(orgId, req.certtype, r.cohortid, r.designVersion);
        return { version: stored.version, prepared: await prepareDesign(org, settings, stored.design) };
      })();
      designs.set(key, d);
    }
    return d;
  };
  return {
    total: generated.length,
    PreviewCert: await Promise.all(
      slice.map(async (r) => {
        const { version, prepared } = await designOf(r);
        return {
          certitem: certificateHtml(
            prepared,
            certificateRecipientFor(r, org.verifierSlug, await photoFor(prepared.design, r)),
          ),
          cohortmemberid: itemId(r.cohortid, r.studentid),
          is_validated: r.validated === 1 ? (1 as const) : (0 as const),
          name: recipientName(r),
          designVersion: version,
        };
      }),
    ),
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
