import { createHash } from 'node:crypto';
import { certificateStatus as st } from '@proofmark/shared/workspace/rules';
import { recipients } from '../../store/recipients';
import { written } from '../../store/table';
import { update, writeEachConditional, MAX_TRANSACTION_ITEMS } from '../../store/transaction';
import { mapLimit, type RecipientItem, type RecipientKey } from '../recipients/recipient-store';

/** 100 rows per transaction, four transactions in flight. */
const ROWS_PER_WRITE = { size: MAX_TRANSACTION_ITEMS, atOnce: 4 };

/**
 * The workspace's conditional writes on recipient rows (store/recipients.ts): each moves a row on
 * only from the state it was read in, so a row that somebody else moved first is left alone and
 * the caller is told. Jobs and requests count a row only when its write succeeded, so a retried
 * step never counts (or charges, or mails) twice.
 */

const keyOf = ({ orgId, cohortid, certtype, studentid }: RecipientKey) => ({
  orgId,
  cohortid,
  certtype,
  studentid,
});

/**
 * The callers of transitionRow name attributes at run time, so its expressions are built with
 * ElectroDB's operations untyped (the entity still refuses an attribute it does not declare).
 */
type Named = Record<string, unknown>;
interface Untyped {
  set: (attr: unknown, value: unknown) => void;
  ifNotExists: (attr: unknown, value: unknown) => void;
  remove: (attr: unknown) => void;
  eq: (attr: unknown, value: unknown) => string;
}
/** A status as a plain string: given a literal, ElectroDB's typing expects the attribute to be of that literal type. */
const is = (status: string) => status;

interface TransitionOptions {
  /** Also require this attribute to hold this value (e.g. the issue request that took the row). */
  where?: Record<string, string>;
  /** Set only when absent (e.g. the certificate's uuid, fixed once). */
  ifAbsent?: Record<string, unknown>;
  remove?: string[];
}

/** The conditional update of a row transition (below), unsent. */
const transitionOf = (
  row: RecipientKey,
  from: readonly string[],
  changes: Record<string, unknown>,
  opts: TransitionOptions,
) =>
  recipients()
    .patch(keyOf(row))
    .data((attr, typed) => {
      const [a, op] = [attr as unknown as Named, typed as unknown as Untyped];
      for (const [k, v] of Object.entries({ ...changes, updatedAt: new Date().toISOString() }))
        op.set(a[k], v);
      for (const [k, v] of Object.entries(opts.ifAbsent ?? {})) op.ifNotExists(a[k], v);
      for (const k of opts.remove ?? []) op.remove(a[k]);
    })
    .where((attr, typed) => {
      const [a, op] = [attr as unknown as Named, typed as unknown as Untyped];
      // Parenthesised: ElectroDB joins this to its own existence check with a bare AND.
      return [
        `(${from.map((s) => op.eq(a.status, s)).join(' OR ')})`,
        ...Object.entries(opts.where ?? {}).map(([k, v]) => op.eq(a[k], v)),
      ].join(' AND ');
    });

/**
 * Moves one row from one of `from` statuses to the next, setting (and removing) some attributes.
 * True when it moved; false when the row is gone or was not in one of those statuses.
 */
export const transitionRow = (
  row: RecipientKey,
  from: readonly string[],
  changes: Record<string, unknown>,
  opts: TransitionOptions = {},
): Promise<boolean> => written(transitionOf(row, from, changes, opts).go({ response: 'none' }));

/**
 * transitionRow for many rows at once, each with its own condition (a row moved or deleted
 * meanwhile is left alone), written in transactions of up to 100 rows: answers for each row
 * whether it moved. Rows must be distinct.
 */
export const transitionRows = <R extends RecipientKey>(
  rows: readonly R[],
  from: readonly string[],
  move: (row: R) => { changes: Record<string, unknown>; opts?: TransitionOptions },
): Promise<boolean[]> =>
  writeEachConditional(
    rows.map((r) => {
      const { changes, opts } = move(r);
      return update(transitionOf(r, from, changes, opts ?? {}).params());
    }),
    ROWS_PER_WRITE,
  );

/**
 * The certificate id a run gives a row that has none: a name-based UUID (RFC 9562 version 5) of
 * the run and the row, so every delivery of the run's chunk renders to the same PDF and no other
 * run or row can arrive at it.
 */
export const certUuidFor = (runId: string, row: RecipientKey) => {
  const namespace = Buffer.from(runId.replace(/-/g, ''), 'hex');
  const name = Buffer.from(JSON.stringify([row.orgId, row.cohortid, row.certtype, row.studentid]));
  const b = createHash('sha1').update(namespace).update(name).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * The row becoming 'generated' by this run, as one write of the transaction that also counts it
 * on the run: refused when this run generated it already (a retried chunk), when it left the
 * generatable statuses, or when it has a certificate id other than the one rendered (a row without
 * one takes it here).
 */
export const generatedMarking = (
  row: RecipientKey,
  certUuid: string,
  runId: string,
  at: string,
  designVersion: number,
) =>
  update(
    recipients()
      .patch(keyOf(row))
      .set({
        status: st.generated,
        certUuid,
        generatedAt: at,
        generateRun: runId,
        designVersion,
        validated: 0,
        updatedAt: at,
      })
      .where(
        (a, op) =>
          `(${op.eq(a.status, is(st.pkReceived))} OR ${op.eq(a.status, is(st.generated))} OR ` +
          `${op.eq(a.status, is(st.sentForReview))}) AND ` +
          `(${op.eq(a.certUuid, certUuid)} OR ${op.notExists(a.certUuid)}) AND ` +
          `(${op.notExists(a.generateRun)} OR ${op.ne(a.generateRun, runId)})`,
      )
      .params(),
  );

/**
 * One mailed row becoming 'Certificate sent', once per send run, as a write of a transaction
 * (store/transaction.ts writeEachConditional): refused when this run marked it already (a
 * redelivered chunk) or the certificate left issued/sent meanwhile (held, revoked).
 */
export const sentMarking = (row: RecipientKey, runId: string, now = new Date().toISOString()) =>
  update(
    recipients()
      .patch(keyOf(row))
      .set({ status: st.sent, sentAt: now, sendRun: runId, mailError: '', updatedAt: now })
      .add({ sentCount: 1 })
      // The run that sent it first: the one that moved it issued → sent (My Certificates' counts).
      .data((a, op) => op.ifNotExists(a.firstSentRun, runId))
      .where(
        (a, op) =>
          `(${op.eq(a.status, is(st.issued))} OR ${op.eq(a.status, is(st.sent))}) AND ` +
          `(${op.notExists(a.sendRun)} OR ${op.ne(a.sendRun, runId)})`,
      )
      .params(),
  );

/** Moves each row (ten at a time) and answers the rows that moved, as they were read. */
export const movedRows = async (
  rows: readonly RecipientItem[],
  move: (r: RecipientItem) => Promise<boolean>,
) => {
  const moved = await mapLimit(rows, 10, move);
  return rows.filter((_, i) => moved[i]);
};

/**
 * Moves each row (ten at a time) and answers how many moved: a row that somebody else moved first
 * is not counted.
 */
export const moveEach = async (
  rows: readonly RecipientItem[],
  move: (r: RecipientItem) => Promise<boolean>,
) => (await mapLimit(rows, 10, move)).filter(Boolean).length;
