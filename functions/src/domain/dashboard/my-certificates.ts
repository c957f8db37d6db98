import { certificateTypeValues } from '@proofmark/shared/certificate-types';
import type { MyCertificatesData } from '@proofmark/shared/contract/dashboard';
import { isIssuedTabStatus } from '@proofmark/shared/workspace/rules';
import { statusCounts } from '../../store/status-counts';
import { recipients } from '../../store/recipients';
import { listCohortItems, mapLimit } from '../recipients/recipient-store';

/**
 * My Certificates: per certificate type, how many are issued, sent, held and revoked now (the
 * status counters, kept with every move of the Issued tab) and how many are still in progress.
 * In-progress rows change status with every generate, review and invitation, so they are counted
 * from the cohorts' rows (the reading Manage Certificate does), not kept as counters.
 */
export const myCertificatesOf = async (orgId: string): Promise<MyCertificatesData> => {
  const [counted, cohorts] = await Promise.all([
    statusCounts().query.byType({ orgId }).go({ pages: 'all' }),
    listCohortItems(orgId),
  ]);
  const inProgress = new Map<string, number>();
  await mapLimit(cohorts, 8, async (c) => {
    const { data } = await recipients()
      .query.byId({ orgId, cohortid: c.cohortid })
      .go({ pages: 'all', attributes: ['certtype', 'status'] });
    for (const r of data)
      if (!isIssuedTabStatus(r.status)) inProgress.set(r.certtype, (inProgress.get(r.certtype) ?? 0) + 1);
  });
  const byType = new Map(counted.data.map((c) => [c.certtype, c]));
  const types = certificateTypeValues.map((certtype) => {
    const c = byType.get(certtype);
    return {
      certtype,
      issued: c?.issued ?? 0,
      sent: c?.sent ?? 0,
      hold: c?.hold ?? 0,
      revoked: c?.revoked ?? 0,
      inProgress: inProgress.get(certtype) ?? 0,
    };
  });
  const totals = { issued: 0, sent: 0, hold: 0, revoked: 0, inProgress: 0 };
  for (const t of types) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += t[k];
  return { types, totals };
};
