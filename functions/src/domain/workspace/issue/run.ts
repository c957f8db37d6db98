import type { RunKind } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { certificateStatus as st } from '@proofmark/shared/workspace/rules';
import { runs } from '../../../store/runs';
import { written } from '../../../store/table';
import { update } from '../../../store/transaction';
import type { Blockchain } from '../../keys/chains';
import { findRun, type RunRecord } from '../../runs';

/**
 * The run of an issue or bake request (§2.5, §4, §5): the progress record the UI follows plus what
 * the job needs. Its id is the client's requestId, so the same request seen twice is one run.
 */

export type IssueKind = Extract<RunKind, 'issue' | 'bake'>;

export interface IssueRun extends RunRecord {
  kind: IssueKind;
  certtype: string;
  /** The rows asked for (`cohort=student`); the job takes those claimed by this run. */
  items: string[];
  blockchain: Blockchain;
  /** Debited at the request. */
  requested: number;
  /** Set once, with the refund of requested − claimed, when the rows were claimed. */
  claimed?: number;
  refunded?: number;
}

/** Rows each kind may take: issue needs generated certificates; badges are built from the row itself. */
export const claimable: Record<IssueKind, readonly string[]> = {
  issue: [st.generated, st.sentForReview],
  bake: [st.invitePending, st.pkReceived, st.generated, st.sentForReview],
};

export const findIssueRun = async (orgId: string, id: string) =>
  (await findRun(orgId, id)) as IssueRun | undefined;

/**
 * The count of rows the run claimed and the refund of the rest, as one write of the refund's
 * transaction: refused once counted, so a repeated claim never refunds twice.
 */
export const claimCounting = (run: IssueRun, claimed: number, refunded: number) =>
  update(
    runs()
      .patch({ orgId: run.orgId, id: run.id })
      .set({ claimed, refunded, total: claimed, updatedAt: new Date().toISOString() })
      .where((a, op) => op.notExists(a.claimed))
      .params(),
  );

/** The run failing with its reason, as one write of its refund's transaction: refused once failed. */
export const runFailing = (run: IssueRun, reason: string, failed: number) =>
  update(
    runs()
      .patch({ orgId: run.orgId, id: run.id })
      .set({ state: 'failed', message: reason, failed, updatedAt: new Date().toISOString() })
      .where((a, op) => op.ne(a.state, 'failed'))
      .params(),
  );

/**
 * A run its job gave up on, reopened by a redrive for `count` rows claimed again, as one write of
 * their debit's transaction: refused unless failed, so the debit happens once per reopening.
 */
export const runReopening = (run: IssueRun, count: number, message: string) =>
  update(
    runs()
      .patch({ orgId: run.orgId, id: run.id })
      .set({
        state: 'queued',
        claimed: count,
        total: count,
        failed: 0,
        errors: [],
        message,
        updatedAt: new Date().toISOString(),
      })
      .where((a, op) => op.eq(a.state, 'failed'))
      .params(),
  );

/**
 * queued / scheduled → running, never back from done: a late redelivery must not undo the
 * publishing that finished the run meanwhile. False when the run had moved on.
 */
export const markRunning = (run: IssueRun, extra: Pick<IssueRun, 'batchId'> = {}) =>
  written(
    runs()
      .patch({ orgId: run.orgId, id: run.id })
      .set({
        ...extra,
        state: 'running',
        message: run.kind === 'bake' ? m.baking : m.issuing,
        updatedAt: new Date().toISOString(),
      })
      // Parenthesised: ElectroDB joins this to its own existence check with a bare AND.
      .where((a, op) => `(${op.eq(a.state, 'queued')} OR ${op.eq(a.state, 'scheduled')})`)
      .go({ response: 'none' }),
  );

/** The job is over (done or failed): the pending-job or scheduled mark goes. */
export const clearJobMark = (orgId: string, runId: string) =>
  runs()
    .patch({ orgId, id: runId })
    .remove(['gsi2pk', 'gsi2sk', 'jobMessage', 'scheduledJob'])
    .go({ response: 'none' });
