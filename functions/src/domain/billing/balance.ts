import { randomUUID } from 'node:crypto';
import { notFound } from '@proofmark/shared/errors';
import { FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { ledgerEntries, type LedgerReason } from '../../store/ledger-entries';
import { organisations } from '../../store/organisations';
import { lostConditionalRace, put, update, writeAll, type TransactItem } from '../../store/transaction';

/**
 * The organisation's balance: certificates it may still issue, kept as `balance` on its
 * organisation item and moved only inside transactions, each with a ledger entry
 * (store/ledger-entries.ts), so the ledger always sums to the balance. New organisations get the
 * free trial at registration, with its entry.
 *
 * An organisation registered before balances existed has no attribute: it counts as the free
 * trial, which is what it would have got at registration (counting it as 0 would lock out exactly
 * the trial users the trial is for). Its first change writes the attribute, and `ensureTrialEntry`
 * writes the trial's entry it never got.
 */
export const balanceOf = (org: { balance?: unknown } | object | undefined): number => {
  const balance = (org as { balance?: unknown } | undefined)?.balance;
  return typeof balance === 'number' ? balance : FREE_TRIAL_CERTIFICATES;
};

export const getBalance = async (orgId: string): Promise<number> => {
  const { data } = await organisations().get({ orgId }).go({ consistent: true });
  if (!data) throw notFound('No such organisation.');
  return balanceOf(data);
};

export interface EntryRefs {
  runId?: string;
  paymentId?: string;
  note?: string;
  by?: string;
  /** A fixed entry id makes the entry once-only (created with a must-not-exist condition). */
  entryId?: string;
  at?: string;
}

const ledgerEntry = (orgId: string, amount: number, reason: LedgerReason, refs: EntryRefs) =>
  put(
    ledgerEntries()
      .create({
        orgId,
        at: refs.at ?? new Date().toISOString(),
        entryId: refs.entryId ?? randomUUID(),
        amount,
        reason,
        ...(refs.runId ? { runId: refs.runId } : {}),
        ...(refs.paymentId ? { paymentId: refs.paymentId } : {}),
        ...(refs.note ? { note: refs.note } : {}),
        ...(refs.by ? { by: refs.by } : {}),
      })
      .params(),
  );

/** The free trial's entry: one per organisation (its entry id is fixed, its time the registration's). */
export const trialEntry = (orgId: string, registeredAt: string) =>
  ledgerEntry(orgId, FREE_TRIAL_CERTIFICATES, 'trial', { entryId: 'trial', at: registeredAt });

/**
 * Writes the trial's entry of an organisation from before the ledger had one, once: the balance it
 * already holds (or the trial it counts as) includes the trial, so the balance is only made explicit.
 */
export const ensureTrialEntry = async (orgId: string): Promise<void> => {
  const { data: org } = await organisations().get({ orgId }).go({ consistent: true });
  if (!org) throw notFound('No such organisation.');
  const { data: seen } = await ledgerEntries()
    .get({ orgId, at: org.created_at, entryId: 'trial' })
    .go({ consistent: true });
  if (seen) return;
  try {
    await writeAll([
      trialEntry(orgId, org.created_at),
      update(
        organisations()
          .patch({ orgId })
          .data((a, op) => op.add(a.balance, 0, FREE_TRIAL_CERTIFICATES))
          .params(),
      ),
    ]);
  } catch (err) {
    if (!lostConditionalRace(err)) throw err; // written meanwhile by a concurrent call
  }
};

/**
 * The transaction items of a debit of `amount`, refused (the transaction is cancelled) unless the
 * balance is at least `need` — the amount, or the whole-cohort minimum (§5). The balance's item
 * comes first: callers tell a refused debit by its cancellation reason.
 */
export const debitItems = (
  orgId: string,
  amount: number,
  need: number,
  reason: LedgerReason,
  runId: string,
): TransactItem[] => [
  update(
    organisations()
      .patch({ orgId })
      .data((a, op) => op.subtract(a.balance, amount, FREE_TRIAL_CERTIFICATES))
      // Parenthesised: ElectroDB joins this to its own `attribute_exists` checks with a bare AND.
      .where((a, op) =>
        FREE_TRIAL_CERTIFICATES >= need
          ? `(${op.gte(a.balance, need)} OR ${op.notExists(a.balance)})`
          : op.gte(a.balance, need),
      )
      .params(),
  ),
  ledgerEntry(orgId, -amount, reason, { runId }),
];

/** The transaction items that give `amount` back (certificates debited but never issued). */
export const refundItems = (orgId: string, amount: number, runId: string): TransactItem[] =>
  changeItems(orgId, amount, 'refund', { runId });

/**
 * The items of any other change by `amount` (positive adds, negative takes; the balance may go
 * below zero, e.g. when a paid plan is refunded after its certificates were used): purchases,
 * payment refunds, grants.
 */
export const changeItems = (
  orgId: string,
  amount: number,
  reason: LedgerReason,
  refs: EntryRefs,
): TransactItem[] => [
  update(
    organisations()
      .patch({ orgId })
      .data((a, op) => op.add(a.balance, amount, FREE_TRIAL_CERTIFICATES))
      .params(),
  ),
  ledgerEntry(orgId, amount, reason, refs),
];
