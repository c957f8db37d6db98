import { randomUUID } from 'node:crypto';
import { notFound } from '@proofmark/shared/errors';
import { FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { ledgerEntries, type LedgerReason } from '../../store/ledger-entries';
import { organisations } from '../../store/organisations';
import { put, update, type TransactItem } from '../../store/transaction';

/**
 * The organisation's balance: certificates it may still issue, kept as `balance` on its
 * organisation item and moved only inside transactions, each with a ledger entry
 * (store/ledger-entries.ts). New organisations get the free trial at registration.
 *
 * An organisation registered before balances existed has no attribute: it counts as the free
 * trial, which is what it would have got at registration (counting it as 0 would lock out exactly
 * the trial users the trial is for). Its first debit writes the attribute.
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

const ledgerEntry = (orgId: string, amount: number, reason: LedgerReason, runId: string) =>
  put(
    ledgerEntries()
      .create({ orgId, at: new Date().toISOString(), entryId: randomUUID(), amount, reason, runId })
      .params(),
  );

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
  ledgerEntry(orgId, -amount, reason, runId),
];

/** The transaction items that give `amount` back (certificates debited but never issued). */
export const refundItems = (orgId: string, amount: number, runId: string): TransactItem[] => [
  update(
    organisations()
      .patch({ orgId })
      .data((a, op) => op.add(a.balance, amount, FREE_TRIAL_CERTIFICATES))
      .params(),
  ),
  ledgerEntry(orgId, amount, 'refund', runId),
];
