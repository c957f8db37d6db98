import { stats } from '../store/stats';

/**
 * Counters for the dashboard (account-and-billing §3 Dashboard: issued, sent, revoked, verification
 * requests), one item per organisation and month, added to as the work happens.
 */
export const statKinds = ['issued', 'sent', 'revoked', 'verified'] as const;
export type StatKind = (typeof statKinds)[number];

const monthOf = (at: Date) => at.toISOString().slice(0, 7);

export const recordStat = async (orgId: string, kind: StatKind, count = 1, at = new Date()) => {
  if (count <= 0) return;
  await stats()
    .update({ orgId, month: monthOf(at) })
    .add({ [kind]: count })
    .go();
};
