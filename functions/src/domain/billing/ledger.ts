import type { LedgerEntryData } from '@proofmark/shared/contract/billing';
import { badRequest } from '@proofmark/shared/errors';
import { ledgerEntries } from '../../store/ledger-entries';
import { ensureTrialEntry, getBalance } from './balance';

/**
 * Reading the balance ledger: newest first, each entry with the balance right after it. The
 * running balance is carried in our cursor (with the store's own), so every page shows the
 * balances the newer pages led down to.
 */
interface Cursor {
  c: string;
  b: number;
}
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
const decode = (s: string): Cursor => {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.c === 'string' && Number.isInteger(c.b)) return c;
  } catch {
    /* falls through */
  }
  throw badRequest('The ledger cursor is not valid.');
};

type Entry = Omit<LedgerEntryData, 'balanceAfter'>;
const asEntry = (e: Entry): Entry => ({
  at: e.at,
  amount: e.amount,
  reason: e.reason,
  ...(e.runId ? { runId: e.runId } : {}),
  ...(e.paymentId ? { paymentId: e.paymentId } : {}),
  ...(e.note ? { note: e.note } : {}),
  ...(e.by ? { by: e.by } : {}),
});

export const ledgerPage = async (orgId: string, { limit, cursor }: { limit: number; cursor?: string }) => {
  await ensureTrialEntry(orgId);
  const balance = await getBalance(orgId);
  const from = cursor ? decode(cursor) : undefined;
  const out = await ledgerEntries()
    .query.byOrg({ orgId })
    .go({ order: 'desc', limit, cursor: from?.c ?? null, consistent: true });
  let running = from?.b ?? balance;
  const entries: LedgerEntryData[] = (out.data as Entry[]).map((e) => {
    const entry = { ...asEntry(e), balanceAfter: running };
    running -= e.amount;
    return entry;
  });
  return { balance, entries, nextCursor: out.cursor ? encode({ c: out.cursor, b: running }) : null };
};

/** Every entry, newest first (the CSV export and the property test). */
export const wholeLedger = async (orgId: string): Promise<LedgerEntryData[]> => {
  const all: LedgerEntryData[] = [];
  let cursor: string | undefined;
  do {
    const page = await ledgerPage(orgId, { limit: 100, cursor });
    all.push(...page.entries);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
};

const csvCell = (v: string | number | undefined) => {
  const s = String(v ?? '');
  // Quoted, and a leading formula character neutralised, so a spreadsheet never runs a cell.
  return `"${(/^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s).replace(/"/g, '""')}"`;
};

export const ledgerCsv = async (orgId: string) => {
  const rows = await wholeLedger(orgId);
  const header = ['time', 'reason', 'amount', 'balance after', 'run', 'payment', 'note', 'by'];
  const lines = rows.map((e) =>
    [e.at, e.reason, e.amount, e.balanceAfter, e.runId, e.paymentId, e.note, e.by].map(csvCell).join(','),
  );
  return { filename: `ledger-${new Date().toISOString().slice(0, 10)}.csv`, csv: [header.join(','), ...lines].join('\n') + '\n' };
};
