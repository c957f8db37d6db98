import { enqueueJob, pendingJobMark } from '../../adapters/queue';
import type { JobName } from '../../jobs';
import { once } from '../../store/idempotency';
import { recipients } from '../../store/recipients';
import { runChunks } from '../../store/run-chunks';
import { itemId, parseItemId } from '@proofmark/shared/recipients/rules';
import { mapLimit, type RecipientItem } from '../recipients/recipient-store';
import { resolveSelection } from '../recipients/recipients';
import { countRun, finishRunIfComplete } from '../runs';

/**
 * The queued pieces of a run (a chunk of rows to send or invite, a download to build; generate's
 * chunks are store/generate-chunks.ts). Each has a record that carries its job message under the
 * pending-job mark, so a local cloud that lost its queue queues it again
 * (infra/local/resume-jobs.ts). A piece is done once per run and chunk whatever the deliveries
 * (store/idempotency.ts): a redelivered message of a settled piece counts nothing twice, a
 * duplicate of a piece in progress waits for it, and a piece whose process died is taken over
 * once its lease has lapsed.
 */

export interface ChunkMessage extends Record<string, unknown> {
  orgId: string;
  runId: string;
  chunk: number;
}

/**
 * How long a second delivery of a piece waits for the first: longer than the helper's lease, so a
 * piece whose process was killed is taken over by the delivery that a restart queued again.
 */
const DUPLICATE_WAIT_MS = 30_000;

/** Runs `work` once for this job's piece (see store/idempotency.ts for what duplicates get). */
export const oncePerChunk = <T>(job: JobName, message: ChunkMessage, work: () => Promise<T>) =>
  once({ orgId: message.orgId, scope: `${job}-chunk`, key: `${message.runId}#${message.chunk}` }, work, {
    waitMs: DUPLICATE_WAIT_MS,
  });

/** Records the piece, then queues it (a crash between the two is repaired by the resume at start). */
export const queueChunk = async (job: JobName, message: ChunkMessage) => {
  await runChunks()
    .put({
      orgId: message.orgId,
      runId: message.runId,
      chunk: message.chunk,
      job,
      ...pendingJobMark(job, message),
    })
    .go({ response: 'none' });
  await enqueueJob(job, message);
};

/**
 * Settles the piece once: the first delivery to get here runs `settle` (counting the piece's
 * failures) and deletes its record, and is answered true; a later delivery gets false and counts
 * nothing. If `settle` throws, the piece is not settled and the retry settles it.
 */
export const settleChunk = async (message: ChunkMessage, settle?: () => Promise<void>): Promise<boolean> => {
  const { first } = await once(
    { orgId: message.orgId, scope: 'settled-chunk', key: `${message.runId}#${message.chunk}` },
    async () => {
      await settle?.();
      await runChunks()
        .delete({ orgId: message.orgId, runId: message.runId, chunk: message.chunk })
        .go({ response: 'none' });
    },
    { waitMs: DUPLICATE_WAIT_MS },
  );
  return first;
};

/**
 * How a redrive finds the rows of a run that its job gave up on (their mail failed on the last
 * delivery, or the chunk was settled failed): each is marked with the reason, the run, and the
 * time of the mark, which is also the row's updatedAt. A redriven message of that run retries
 * such a row only while nothing wrote it since — a row the user edited, or that another run sent
 * or invited meanwhile, is left alone and stays counted failed.
 */
export type RowFailure = 'none' | 'retry' | 'changed-since';

export const rowFailure = (row: RecipientItem, runId: string): RowFailure =>
  row.failedRun !== runId ? 'none' : row.updatedAt === row.failedAt ? 'retry' : 'changed-since';

/**
 * Marks rows the run gave up on (see rowFailure), each with its mail's reason when it is a mail
 * job's (the row shows it); generate's reasons are the run's errors alone.
 */
export const markRowsFailed = (runId: string, failed: { row: RecipientItem; reason?: string }[]) =>
  mapLimit(failed, 5, async ({ row, reason }) => {
    const now = new Date().toISOString();
    const { orgId, cohortid, certtype, studentid } = row;
    await recipients()
      .patch({ orgId, cohortid, certtype, studentid })
      .set({
        ...(reason === undefined ? {} : { mailError: reason }),
        failedRun: runId,
        failedAt: now,
        updatedAt: now,
      })
      .go({ response: 'none' });
  });

/**
 * A chunk of rows whose job gave up (its last delivery failed): each row this run did not finish
 * is counted failed with the reason, once (a chunk settled before counts nothing), and marked with
 * it (rowFailure); a run this completes with nothing done ends failed (runs.ts finishRunIfComplete).
 */
export const settleRowsChunkFailed = async (
  message: ChunkMessage & { certtype: string; items: string[] },
  reason: string,
  finishedByRun: (row: RecipientItem) => boolean,
) => {
  const { orgId, runId } = message;
  const { rows } = await resolveSelection(orgId, message.certtype, message.items);
  const finished = new Set(rows.filter(finishedByRun).map((r) => itemId(r.cohortid, r.studentid)));
  const failures = message.items
    .filter((i) => !finished.has(i))
    .map((i) => `${parseItemId(i)?.studentid ?? i}: ${reason}`);
  // A row this run marked already keeps its mark: its own reason (a mail server's answer), or a
  // change since (which a redrive leaves alone).
  await markRowsFailed(
    runId,
    rows.filter((r) => !finishedByRun(r) && rowFailure(r, runId) === 'none').map((row) => ({ row, reason })),
  );
  if ((await settleChunk(message)) && failures.length) {
    await countRun(orgId, runId, { failed: failures.length, errors: failures });
  }
  await finishRunIfComplete(orgId, runId, reason);
};
