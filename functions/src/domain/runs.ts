import { randomUUID } from 'node:crypto';
import { RECENT_RUN_HOURS, type RunKind, type RunView } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { notFound } from '@proofmark/shared/errors';
import { runs } from '../store/runs';
import { rowsWrittenBeforeEntities as earlierRows, written } from '../store/table';
import { put, update } from '../store/transaction';

/**
 * A run is the progress record of one piece of long work of the workspace (generate, issue, bake,
 * send, download) or of a large invitation send (invite): the UI follows it while the job does the work. Counters only grow (ADD), so a
 * retried chunk that counts again is prevented by the job, not by the record: jobs count a row only
 * when their conditional write on that row succeeded.
 */
export interface RunRecord extends RunView {
  orgId: string;
  viaOrganisation?: number;
  viaProduct?: number;
  mailServer?: string;
}

const MAX_ERRORS = 50;

export const createRun = async (
  orgId: string,
  kind: RunKind,
  total: number,
  extra: Partial<Pick<RunView, 'state' | 'message' | 'scheduledAt' | 'batchId'>> & { id?: string } = {},
): Promise<RunRecord> => {
  const now = new Date().toISOString();
  const run: RunRecord = {
    orgId,
    id: extra.id ?? randomUUID(),
    kind,
    state: extra.state ?? 'queued',
    total,
    done: 0,
    failed: 0,
    errors: [],
    message: extra.message ?? '',
    createdAt: now,
    updatedAt: now,
    ...(extra.scheduledAt ? { scheduledAt: extra.scheduledAt } : {}),
    ...(extra.batchId ? { batchId: extra.batchId } : {}),
  };
  await runs().create(run).go({ response: 'none' });
  return run;
};

/** A new run as one write of a caller's transaction (an issue request's run with its debit). */
export const runCreation = (run: RunRecord & Parameters<ReturnType<typeof runs>['create']>[0]) =>
  put(runs().create(run).params());

/** Counts `done` rows as one write of a caller's transaction (a row's change and its count together). */
export const runCounting = (orgId: string, id: string, done: number, at = new Date().toISOString()) =>
  update(runs().patch({ orgId, id }).add({ done }).set({ updatedAt: at }).params());

export const findRun = async (orgId: string, id: string): Promise<RunRecord | undefined> =>
  ((
    await runs()
      .get({ orgId, id })
      .go({ ...earlierRows, consistent: true })
  ).data ?? undefined) as RunRecord | undefined;

export const getRun = async (orgId: string, id: string): Promise<RunRecord> => {
  const run = await findRun(orgId, id);
  if (!run) throw notFound(m.noSuchRun);
  return run;
};

const unfinishedStates: string[] = ['scheduled', 'queued', 'running'];

/**
 * The organisation's unfinished runs and those finished in the last RECENT_RUN_HOURS, newest first,
 * at most `limit`: what a reloaded page shows. Run ids are not ordered by time, so the org's RUN#
 * records are read whole (the filter runs in the table, so only the few kept come back) and sorted here.
 */
export const listRuns = async (orgId: string, limit: number, now = new Date()): Promise<RunRecord[]> => {
  const since = new Date(now.getTime() - RECENT_RUN_HOURS * 3_600_000).toISOString();
  const { data } = await runs()
    .query.byId({ orgId })
    .where(
      ({ state, updatedAt }, { eq, gte }) =>
        `(${unfinishedStates.map((s) => eq(state, s)).join(' OR ')} OR ${gte(updatedAt, since)})`,
    )
    .go({ ...earlierRows, pages: 'all', consistent: true });
  const kept = data as RunRecord[];
  return kept.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
};

export const runView = (r: RunRecord): RunView => ({
  id: r.id,
  kind: r.kind,
  state: r.state,
  total: r.total,
  done: r.done,
  failed: r.failed,
  errors: r.errors ?? [],
  message: r.message,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  ...(r.batchId ? { batchId: r.batchId } : {}),
  ...(r.txId ? { txId: r.txId } : {}),
  ...(r.scheduledAt ? { scheduledAt: r.scheduledAt } : {}),
  ...(r.downloadUrl ? { downloadUrl: r.downloadUrl } : {}),
  ...(r.viaOrganisation || r.viaProduct
    ? {
        mailRoutes: {
          organisation: r.viaOrganisation ?? 0,
          product: r.viaProduct ?? 0,
          ...(r.mailServer ? { server: r.mailServer } : {}),
        },
      }
    : {}),
});

/** Counts finished rows (and failures with their reasons). */
export const countRun = async (
  orgId: string,
  id: string,
  counts: { done?: number; failed?: number; errors?: string[] },
) => {
  const errors = (counts.errors ?? []).slice(0, MAX_ERRORS);
  const update = runs()
    .patch({ orgId, id })
    .add({ done: counts.done ?? 0, failed: counts.failed ?? 0 })
    .set({ updatedAt: new Date().toISOString() });
  await (errors.length ? update.append({ errors }) : update).go({ response: 'none' });
};

/** Sets fields of the run (state, message, batchId, txId, downloadUrl…). */
export const updateRun = async (
  orgId: string,
  id: string,
  changes: Partial<Omit<RunRecord, 'orgId' | 'id' | 'kind' | 'createdAt'>>,
) => {
  // An absent value leaves the attribute as it is (as the table's SET with undefined values dropped did).
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  await runs()
    .patch({ orgId, id })
    .set({ ...set, updatedAt: new Date().toISOString() })
    .go({ response: 'none' });
};

/**
 * Ends the run once every row is counted (a chunk that finishes last does it; twice is harmless):
 * done, or failed when no row could be done — its errors then say why.
 */
export const finishRunIfComplete = async (orgId: string, runId: string, message: string) => {
  const run = await getRun(orgId, runId);
  if (run.state !== 'done' && run.state !== 'failed' && run.done + run.failed >= run.total) {
    const failed = run.failed > 0 && run.done === 0;
    await updateRun(orgId, runId, {
      state: failed ? 'failed' : 'done',
      message: failed ? (run.errors[0] ?? message) : message,
    });
  }
};

/**
 * Rows the run had counted failed that a redrive of its job has now done (workspace/job-chunks.ts
 * rowFailure): counted done instead, their errors dropped. A run settled failed that now has rows
 * done turns done, as finishRunIfComplete would have ended it. The run's other counters are added
 * to by concurrent chunks, so the new values are written only over the version read (retried).
 */
export const recountRecovered = async (orgId: string, id: string, studentids: string[], message: string) => {
  if (!studentids.length) return;
  for (let attempt = 0; attempt < 10; attempt++) {
    const run = await getRun(orgId, id);
    const done = run.done + studentids.length;
    const failed = Math.max(0, run.failed - studentids.length);
    const errors = run.errors.filter((e) => !studentids.some((s) => e.startsWith(`${s}: `)));
    const turnsDone = run.state === 'failed' && done + failed >= run.total;
    const recounted = await written(
      runs()
        .patch({ orgId, id })
        .set({
          done,
          failed,
          errors,
          ...(turnsDone ? { state: 'done' as const, message } : {}),
          updatedAt: new Date().toISOString(),
        })
        .where((a, op) => op.eq(a.updatedAt, run.updatedAt))
        .go({ response: 'none' }),
    );
    if (recounted) return;
  }
  throw new Error('the run kept changing while its redriven rows were counted');
};
