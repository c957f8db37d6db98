import { certificateTypeValues } from '@proofmark/shared/certificate-types';
import type { MyCertificatesData } from '@proofmark/shared/contract/dashboard';
import { isIssuedTabStatus } from '@proofmark/shared/workspace/rules';
import { recipients } from '../../store/recipients';
import { statusCounts } from '../../store/status-counts';
import { rowsWrittenBeforeEntities as earlierRows } from '../../store/table';
import { listCohortItems, mapLimit } from '../recipients/recipient-store';

/**
 * My Certificates: per certificate type, how many are in progress, issued, sent, held and revoked
 * now — the status counters, moved by every row created, deleted, issued, sent, held, unheld or
 * revoked (counters.ts). One query of at most one item per certificate type: no row is read.
 */
export const myCertificatesOf = async (orgId: string): Promise<MyCertificatesData> => {
  const counted = await statusCounts().query.byType({ orgId }).go({ pages: 'all' });
  const byType = new Map(counted.data.map((c) => [c.certtype, c]));
  const types = certificateTypeValues.map((certtype) => {
    const c = byType.get(certtype);
    return {
      certtype,
      issued: c?.issued ?? 0,
      sent: c?.sent ?? 0,
      hold: c?.hold ?? 0,
      revoked: c?.revoked ?? 0,
      inProgress: c?.inProgress ?? 0,
    };
  });
  const totals = { issued: 0, sent: 0, hold: 0, revoked: 0, inProgress: 0 };
  for (const t of types) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += t[k];
  return { types, totals };
};

/**
 * The one-off backfill of the in-progress counters (scripts/backfill-in-progress.ts): rows created
 * before the counters existed were never counted, so each type's count is set to what a scan of
 * the organisation's rows finds. Run once after deploying, while nobody works in the organisation
 * (a row created or issued during its scan of a cohort could be missed or counted twice); running
 * it again sets the same numbers. Answers the counts set, by type.
 */
export const recountInProgress = async (orgId: string): Promise<Record<string, number>> => {
  const counts: Record<string, number> = Object.fromEntries(certificateTypeValues.map((t) => [t, 0]));
  await mapLimit(await listCohortItems(orgId), 8, async (c) => {
    const { data } = await recipients()
      .query.byId({ orgId, cohortid: c.cohortid })
      .go({ ...earlierRows, pages: 'all', consistent: true, attributes: ['certtype', 'status'] });
    for (const r of data)
      if (!isIssuedTabStatus(r.status)) counts[r.certtype] = (counts[r.certtype] ?? 0) + 1;
  });
  await mapLimit(Object.entries(counts), 4, ([certtype, inProgress]) =>
    statusCounts().upsert({ orgId, certtype, inProgress }).go({ response: 'none' }),
  );
  return counts;
};
