import type { EntityItem } from 'electrodb';
import type { DashboardData, DashboardQuery, PeriodQuery } from '@proofmark/shared/contract/dashboard';
import { stats } from '../../store/stats';
import { statKinds, type StatKind } from './counters';
import { verificationRequests } from './verification-requests';

type MonthItem = EntityItem<ReturnType<typeof stats>>;

/**
 * The dashboard's charts (§2, §3): issued, sent, revoked (and verified) per month or per year of a
 * period, read from the month counters — at most 360 small items for 30 years, one query.
 */

export interface Period {
  /** One label per bar: `yyyy-mm` or `yyyy`. */
  labels: string[];
  /** The first and last month the period covers (`yyyy-mm`). */
  fromMonth: string;
  toMonth: string;
  /** The label a month's counts go to. */
  labelOf: (month: string) => string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const periodOf = (q: PeriodQuery): Period => {
  if (q.timetype === 'year') {
    const [from, to] = [Number(q.start), Number(q.end)];
    return {
      labels: Array.from({ length: to - from + 1 }, (_, i) => String(from + i)),
      fromMonth: `${q.start}-01`,
      toMonth: `${q.end}-12`,
      labelOf: (month) => month.slice(0, 4),
    };
  }
  const [ys, ms] = q.start.split('-').map(Number) as [number, number];
  const [ye, me] = q.end.split('-').map(Number) as [number, number];
  const labels: string[] = [];
  for (let y = ys, m = ms; y < ye || (y === ye && m <= me); m === 12 ? (y++, (m = 1)) : m++)
    labels.push(`${y}-${pad(m)}`);
  return { labels, fromMonth: q.start, toMonth: q.end, labelOf: (month) => month };
};

/** The first instant of a month and the first instant after another, as ISO times. */
export const periodTimes = (p: Period) => {
  const [y, m] = p.toMonth.split('-').map(Number) as [number, number];
  return {
    from: `${p.fromMonth}-01T00:00:00.000Z`,
    until: new Date(Date.UTC(y, m, 1)).toISOString(),
  };
};

export type Series = Record<StatKind, number[]>;

/** The period's month counters: at most 360 small items, one query. */
const monthItems = async (orgId: string, period: Period): Promise<MonthItem[]> =>
  (
    await stats()
      .query.byMonth({ orgId })
      .between({ month: period.fromMonth }, { month: period.toMonth })
      .go({ pages: 'all' })
  ).data;

const seriesFrom = (items: MonthItem[], period: Period): Series => {
  const index = new Map(period.labels.map((l, i) => [l, i]));
  const series = Object.fromEntries(statKinds.map((k) => [k, period.labels.map(() => 0)])) as Series;
  for (const item of items) {
    const i = index.get(period.labelOf(item.month));
    if (i === undefined) continue;
    for (const k of statKinds) series[k][i]! += item[k] ?? 0;
  }
  return series;
};

/** Counts per label of the period, for each kind. */
export const seriesOf = async (orgId: string, period: Period): Promise<Series> =>
  seriesFrom(await monthItems(orgId, period), period);

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export const dashboardOf = async (orgId: string, q: DashboardQuery): Promise<DashboardData> => {
  const period = periodOf(q);
  const items = await monthItems(orgId, period);
  const series = seriesFrom(items, period);
  // The same counters say which months hold checks: the table reads only those.
  const months = items.filter((m) => (m.verified ?? 0) > 0).map((m) => m.month);
  const verify = await verificationRequests(orgId, periodTimes(period), months, q);
  return {
    timetype: q.timetype,
    xAxis: period.labels,
    yAxis: series,
    issueTotal: sum(series.issued),
    sentTotal: sum(series.sent),
    revokeTotal: sum(series.revoked),
    verifyTotal: sum(series.verified),
    verify,
  };
};
