import { firstStepIds, type FirstStepsData } from '@proofmark/shared/contract/dashboard';
import { recipientStatus } from '@proofmark/shared/recipients/rules';
import { certificateStatus as st } from '@proofmark/shared/workspace/rules';
import { recipients } from '../../store/recipients';
import { stats } from '../../store/stats';
import { listIssuingKeys } from '../keys/issuing-keys';
import { listCohortItems, mapLimit } from '../recipients/recipient-store';
import { getOrgSettings } from '../settings/org-settings';

/**
 * What it takes to issue, ticked from the organisation's real state: an issuing key, a design (its
 * logo), a cohort, recipients with an identity (a wallet's address, or their email as public key),
 * generated certificates, issued, sent. Once something was sent every step is behind it, so only a
 * new organisation's checklist reads its rows (stopping at the first cohort that shows a step).
 */
const generatedStatuses: readonly string[] = [st.generated, st.sentForReview, st.scheduled, st.issuing];

export const firstStepsOf = async (orgId: string): Promise<FirstStepsData> => {
  const [keys, settings, cohorts, months] = await Promise.all([
    listIssuingKeys(orgId),
    getOrgSettings(orgId),
    listCohortItems(orgId),
    stats()
      .query.byMonth({ orgId })
      .go({ pages: 'all', attributes: ['issued', 'sent'] }),
  ]);
  const issued = months.data.some((m) => (m.issued ?? 0) > 0);
  const sent = months.data.some((m) => (m.sent ?? 0) > 0);
  let identity = issued;
  let generated = issued;
  if (!generated) {
    await mapLimit(cohorts, 4, async (c) => {
      if (identity && generated) return;
      const { data } = await recipients()
        .query.byId({ orgId, cohortid: c.cohortid })
        .go({ pages: 'all', attributes: ['status'] });
      for (const r of data) {
        if (r.status && r.status !== recipientStatus.invitePending) identity = true;
        if (generatedStatuses.includes(r.status)) generated = true;
      }
    });
  }
  const done: Record<(typeof firstStepIds)[number], boolean> = {
    key: keys.length > 0,
    design: !!settings.logoKey,
    cohort: cohorts.length > 0,
    identity,
    generate: generated,
    issue: issued,
    send: sent,
  };
  return { steps: firstStepIds.map((id) => ({ id, done: done[id] })) };
};
