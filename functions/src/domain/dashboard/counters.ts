import { isIssuedTabStatus, certificateStatus as st } from '@proofmark/shared/workspace/rules';
import { cohortStats } from '../../store/cohort-stats';
import { countedEvents } from '../../store/counted-events';
import { invitationStats } from '../../store/invitation-stats';
import { stats } from '../../store/stats';
import { statusCounts } from '../../store/status-counts';
import {
  cancellationReasons,
  lostConditionalRace,
  put,
  update,
  writeAll,
  type TransactItem,
} from '../../store/transaction';

/**
 * The dashboard's counters (account-and-billing §3: issued, sent, revoked, verification requests per
 * month; My Certificates' counts per type and status; each cohort's credential and invitation
 * funnels), added to as the work happens. Every addition is one transaction with the once-only mark of what it counts —
 * a published batch, a send chunk, a mail event — so a redelivered job or event never counts twice,
 * and charts read a few counter items instead of scanning rows.
 */
export const statKinds = ['issued', 'sent', 'revoked', 'verified'] as const;
export type StatKind = (typeof statKinds)[number];

/** The Issued tab's statuses, as My Certificates counts them. */
export const countedStatuses = {
  issued: st.issued,
  sent: st.sent,
  hold: st.hold,
  revoked: st.revoked,
} as const;
export type CountedStatus = keyof typeof countedStatuses | 'inProgress';
/** Where a row of this status counts: its Issued-tab status, or in progress for every other status. */
const countedStatusOf = (status: string | undefined): CountedStatus | undefined => {
  if (status === undefined) return undefined;
  if (!isIssuedTabStatus(status)) return 'inProgress';
  return (Object.keys(countedStatuses) as (keyof typeof countedStatuses)[]).find(
    (k) => countedStatuses[k] === status,
  );
};

export const funnelStages = [
  'mailed',
  'delivered',
  'opened',
  'clicked',
  'verified',
  'bounced',
  'complained',
  'opens',
  'clicks',
] as const;
export type FunnelStage = (typeof funnelStages)[number];

/**
 * The invitation funnel's stages: its own counters, never mixed with the credential funnel's. No
 * click: the wallet link stays direct (see the invite job), and a wallet connecting is the step
 * that matters.
 */
export const invitationStages = [
  'invited',
  'delivered',
  'opened',
  'connected',
  'bounced',
  'complained',
  'opens',
] as const;
export type InvitationStage = (typeof invitationStages)[number];

export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** What one step adds. */
export interface Counts {
  /** The month's counters. */
  stats?: Partial<Record<StatKind, number>>;
  /**
   * Certificates of a type moving from one status to another (each one out of `from`, into `to`):
   * no `from` for a row created, no `to` for a row deleted.
   */
  moves?: { certtype: string; from?: string; to?: string; count?: number }[];
  /** Funnel stages per cohort (certificate and badge mails). */
  cohorts?: Record<string, Partial<Record<FunnelStage, number>>>;
  /** Invitation funnel stages per cohort. */
  invitations?: Record<string, Partial<Record<InvitationStage, number>>>;
}

const nonZero = <K extends string>(o: Partial<Record<K, number>>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'number' && v !== 0)) as Partial<
    Record<K, number>
  >;

/** The transaction writes that add `counts` (none for what adds nothing). */
export const counterItems = (orgId: string, counts: Counts, at = new Date()): TransactItem[] => {
  const items: TransactItem[] = [];
  const monthly = nonZero(counts.stats ?? {});
  if (Object.keys(monthly).length)
    items.push(
      update(
        stats()
          .update({ orgId, month: monthOf(at) })
          .add(monthly)
          .params(),
      ),
    );
  const byType = new Map<string, Partial<Record<CountedStatus, number>>>();
  for (const m of counts.moves ?? []) {
    const n = m.count ?? 1;
    const delta = byType.get(m.certtype) ?? {};
    const from = countedStatusOf(m.from);
    const to = countedStatusOf(m.to);
    if (from) delta[from] = (delta[from] ?? 0) - n;
    if (to) delta[to] = (delta[to] ?? 0) + n;
    byType.set(m.certtype, delta);
  }
  for (const [certtype, delta] of byType) {
    const add = nonZero(delta);
    if (Object.keys(add).length)
      items.push(update(statusCounts().update({ orgId, certtype }).add(add).params()));
  }
  for (const [cohortid, stages] of Object.entries(counts.cohorts ?? {})) {
    const add = nonZero(stages);
    if (Object.keys(add).length)
      items.push(update(cohortStats().update({ orgId, cohortid }).add(add).params()));
  }
  for (const [cohortid, stages] of Object.entries(counts.invitations ?? {})) {
    const add = nonZero(stages);
    if (Object.keys(add).length)
      items.push(update(invitationStats().update({ orgId, cohortid }).add(add).params()));
  }
  return items;
};

const CONFLICT_RETRIES = 8;

/**
 * Writes a transaction that adds to counters, again when it lost only to another transaction on
 * the same counter (TransactionConflict: many chunks and events count into one month's item at
 * once). A failed condition is not retried: the caller is told (false).
 */
export const writeCounted = async (items: TransactItem[]): Promise<boolean> => {
  if (!items.length) return true;
  for (let attempt = 0; ; attempt++) {
    try {
      await writeAll(items);
      return true;
    } catch (err) {
      if (lostConditionalRace(err)) return false;
      const reasons = cancellationReasons(err) ?? [(err as { name?: string })?.name ?? ''];
      const conflict = reasons.some(
        (r) => r === 'TransactionConflict' || r === 'TransactionConflictException',
      );
      if (!conflict || attempt >= CONFLICT_RETRIES) throw err;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 20 * 2 ** attempt));
    }
  }
};

const COUNTED_MARK_DAYS = 30;

/**
 * Adds `counts` once for `key` (e.g. `issued#<batch>`): the mark and the counters are one
 * transaction, with `also` (the caller's own counts of the same work, e.g. a run's). False when
 * `key` was counted already (a redelivered job).
 */
export const countOnce = async (
  orgId: string,
  key: string,
  counts: Counts,
  at = new Date(),
  also: TransactItem[] = [],
) => {
  const items = [...counterItems(orgId, counts, at), ...also];
  if (!items.length) return true;
  const mark = countedEvents()
    .create({
      orgId,
      key,
      at: at.toISOString(),
      expiresAt: Math.floor(at.getTime() / 1000) + COUNTED_MARK_DAYS * 86400,
    })
    .params();
  return writeCounted([put(mark), ...items]);
};

/** Adds `counts` with no mark: for events that are their own record (a verification). */
export const recordStat = async (orgId: string, kind: StatKind, count = 1, at = new Date()) => {
  if (count <= 0) return;
  await writeCounted(counterItems(orgId, { stats: { [kind]: count } }, at));
};
