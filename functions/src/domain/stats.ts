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

export type MonthStats = { month: string } & Record<StatKind, number>;

/** Monthly counters between two months (inclusive, 'YYYY-MM'). */
export const monthlyStats = async (orgId: string, from: string, to: string): Promise<MonthStats[]> =>
  (
    await stats()
      .query.byMonth({ orgId })
      .between({ month: from }, { month: to })
      .go({ pages: 'all', consistent: true })
  ).data.map((i) => ({
    month: i.month,
    ...(Object.fromEntries(statKinds.map((k) => [k, Number(i[k] ?? 0)])) as Record<StatKind, number>),
  }));
