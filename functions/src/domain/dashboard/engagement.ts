import type { EngagementData } from '@proofmark/shared/contract/dashboard';
import { cohortStats } from '../../store/cohort-stats';
import { invitationStats } from '../../store/invitation-stats';
import { funnelStages, invitationStages } from './counters';

/**
 * The engagement funnels per cohort, read from the cohorts' counters (one item per cohort and
 * funnel): the credential funnel (certificate and badge mails: mailed → delivered → opened →
 * clicked → verified) and, kept apart, the invitation funnel (invited → delivered → opened →
 * wallet connected), each with bounces and complaints.
 */
const summed = <S extends string>(
  stages: readonly S[],
  items: ({ cohortid: string } & Partial<Record<S, number>>)[],
) => {
  const zero = () => Object.fromEntries(stages.map((s) => [s, 0])) as Record<S, number>;
  const total = zero();
  const cohorts = items.map((item) => {
    const counts = zero();
    for (const s of stages) {
      counts[s] = item[s] ?? 0;
      total[s] += counts[s];
    }
    return { cohortid: item.cohortid, ...counts };
  });
  cohorts.sort((a, b) => a.cohortid.localeCompare(b.cohortid));
  return { cohorts, total };
};

const credentialItems = async (orgId: string, cohort: string) =>
  cohort
    ? [(await cohortStats().get({ orgId, cohortid: cohort }).go()).data].filter((c) => !!c)
    : (await cohortStats().query.byCohort({ orgId }).go({ pages: 'all' })).data;

const invitationItems = async (orgId: string, cohort: string) =>
  cohort
    ? [(await invitationStats().get({ orgId, cohortid: cohort }).go()).data].filter((c) => !!c)
    : (await invitationStats().query.byCohort({ orgId }).go({ pages: 'all' })).data;

export const engagementOf = async (orgId: string, cohort = ''): Promise<EngagementData> => {
  const [credentials, invitations] = await Promise.all([
    credentialItems(orgId, cohort),
    invitationItems(orgId, cohort),
  ]);
  return { ...summed(funnelStages, credentials), invitations: summed(invitationStages, invitations) };
};
