import { randomUUID } from 'node:crypto';
import { AppError } from '@proofmark/shared/errors';
import { idempotencyRecords } from './idempotency-records';
import { written } from './table';

/**
 * The one idempotency helper of the back end, for every job message and every request that
 * carries a client's key (a request id):
 *
 * ```ts
 * const { result, first } = await once({ orgId, scope: 'send-chunk', key: `${runId}#${chunk}` }, () => work());
 * ```
 *
 * - the first caller of a key does the work, and its result is recorded;
 * - a duplicate while the work runs waits for that result (up to `waitMs`), else it is told the
 *   work is in progress (`WorkInProgress`, a 409; a job that throws it is simply retried later);
 * - a later duplicate gets the recorded result without doing anything (`first: false`);
 * - work that throws is let go, so a retry does it again;
 * - the holder keeps a short lease alive while it works: if its process dies, a duplicate takes
 *   the work over once the lease has lapsed (a restarted local cloud resumes its jobs this way);
 * - the record expires (`keepSeconds`, the table's TTL), and the key may then be used again.
 *
 * The work itself should still be safe to run twice on its own items (conditional writes per row):
 * a holder whose process died half way leaves half the work done for the one that takes it over.
 * Results are stored as JSON: return plain data (or nothing).
 *
 * Why ours and not Powertools' idempotency utility: with our table's `pk`/`sk` it keeps every
 * record under one fixed partition key instead of the organisation's, it tells a concurrent
 * duplicate "in progress" where our requests answer the same run to both clicks of a double
 * click, and the lease of unfinished work lasts as long as the Lambda's remaining time, which a
 * killed local process never gives back (its jobs would wait for the record to expire).
 */

export interface IdempotencyKey {
  orgId: string;
  /** The kind of work (`issue-request`, `send-chunk`…): keys of two kinds never meet. */
  scope: string;
  /** The caller's name for this piece of work: a client's request id, a run and chunk number. */
  key: string;
}

export interface OnceOptions {
  /** How long the result is remembered, in seconds (default one day). */
  keepSeconds?: number;
  /** How long a holder's lease lasts without being renewed (default 20 s; renewed every third of it). */
  leaseMs?: number;
  /** How long a duplicate waits for the holder's result before it is told "in progress" (default 0). */
  waitMs?: number;
}

export interface Once<T> {
  result: T;
  /** True for the caller that did the work; false for a duplicate answered from the record. */
  first: boolean;
}

export const workInProgressMessage = 'This request is still being processed. Please try again in a moment.';

/** A duplicate of work that another caller is still doing. */
export class WorkInProgress extends AppError {
  constructor(readonly idempotency: IdempotencyKey) {
    super('conflict', workInProgressMessage);
    this.name = 'WorkInProgress';
  }
}

const DAY_SECONDS = 24 * 3600;
const DEFAULT_LEASE_MS = 20_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Takes the work if nobody holds it: no record, an expired one, or a holder whose lease lapsed. */
const acquire = (id: IdempotencyKey, owner: string, leaseMs: number, keepSeconds: number) => {
  const now = Date.now();
  const nowSeconds = Math.floor(now / 1000);
  return written(
    idempotencyRecords()
      .put({
        ...id,
        state: 'in-progress',
        owner,
        leaseUntil: now + leaseMs,
        createdAt: new Date(now).toISOString(),
        expiresAt: nowSeconds + keepSeconds,
      })
      .where(
        ({ state, expiresAt, leaseUntil }, { notExists, lt, eq }) =>
          `(${notExists(state)} OR ${lt(expiresAt, nowSeconds)} OR ` +
          `(${eq(state, 'in-progress')} AND ${lt(leaseUntil, now)}))`,
      )
      .go({ response: 'none' }),
  );
};

/** Renews the holder's lease while it works; stops when the work ends or the lease was taken over. */
const keepLease = (id: IdempotencyKey, owner: string, leaseMs: number) => {
  const timer = setInterval(
    () => {
      void written(
        idempotencyRecords()
          .patch(id)
          .set({ leaseUntil: Date.now() + leaseMs })
          .where(({ owner: o, state }, { eq }) => `${eq(o, owner)} AND ${eq(state, 'in-progress')}`)
          .go({ response: 'none' }),
      ).then(
        (held) => held || clearInterval(timer),
        () => undefined, // a failed renewal is tried again at the next tick
      );
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
};

export const once = async <T>(
  id: IdempotencyKey,
  work: () => Promise<T>,
  opts: OnceOptions = {},
): Promise<Once<T>> => {
  const keepSeconds = opts.keepSeconds ?? DAY_SECONDS;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const deadline = Date.now() + (opts.waitMs ?? 0);
  const owner: string = randomUUID();
  for (let attempt = 0; ; attempt++) {
    if (await acquire(id, owner, leaseMs, keepSeconds)) break;
    const record = await idempotencyRecords().get(id).go({ consistent: true });
    const seen = record.data;
    if (seen?.state === 'done' && seen.expiresAt >= Math.floor(Date.now() / 1000)) {
      return { result: (seen.result === undefined ? undefined : JSON.parse(seen.result)) as T, first: false };
    }
    // Gone (the holder failed), expired or lapsed: take it at once. Held: wait for it, or say so.
    const held = seen?.state === 'in-progress' && (seen.leaseUntil ?? 0) >= Date.now();
    if (!held) continue;
    if (Date.now() >= deadline) throw new WorkInProgress(id);
    await pause(Math.min(1000, 50 * 2 ** Math.min(attempt, 5), Math.max(0, deadline - Date.now())));
  }

  const stopLease = keepLease(id, owner, leaseMs);
  let result: T;
  try {
    result = await work();
  } catch (err) {
    stopLease();
    // Let the work go, so a retry does it again (unless another holder took it over meanwhile).
    await written(
      idempotencyRecords()
        .delete(id)
        .where(({ owner: o }, { eq }) => eq(o, owner))
        .go({ response: 'none' }),
    );
    throw err;
  }
  stopLease();
  await written(
    idempotencyRecords()
      .patch(id)
      .set({
        state: 'done',
        expiresAt: Math.floor(Date.now() / 1000) + keepSeconds,
        ...(result === undefined ? {} : { result: JSON.stringify(result) }),
      })
      .remove(['leaseUntil'])
      .where(({ owner: o }, { eq }) => eq(o, owner))
      .go({ response: 'none' }),
  );
  return { result, first: true };
};
