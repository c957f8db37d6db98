import type { EngagementData, FunnelCounts } from '@proofmark/shared/contract/dashboard';
import { cohortStats } from '../../store/cohort-stats';
import { funnelStages } from './counters';

/**
 * The engagement funnel per cohort (mailed → delivered → opened → clicked → verified, with bounces
 * and complaints), read from the cohorts' counters: one item per cohort.
 */
const zero = (): FunnelCounts =>
  Object.fromEntries(funnelStages.map((s) => [s, 0])) as unknown as FunnelCounts;

export const engagementOf = async (orgId: string, cohort = ''): Promise<EngagementData> => {
  const items = cohort
    ? [(await cohortStats().get({ orgId, cohortid: cohort }).go()).data].filter((c) => !!c)
    : (await cohortStats().query.byCohort({ orgId }).go({ pages: 'all' })).data;
  const total = zero();
  const cohorts = items.map((item) => {
    const counts = zero();
    for (const s of funnelStages) {
      counts[s] = item[s] ?? 0;
      total[s] += counts[s];
    }
    return { cohortid: item.cohortid, ...counts };
  });
  cohorts.sort((a, b) => a.cohortid.localeCompare(b.cohortid));
  return { cohorts, total };
};
