import { randomUUID } from 'node:crypto';
import { certificateStatus as st } from '@proofmark/shared/workspace/rules';
import { cancellationReasons, writeAll } from '../../../store/transaction';
import { resolveSelection } from '../../recipients/recipients';
import { refundItems } from '../../billing/balance';
import { claimable, claimCounting, findIssueRun, type IssueRun } from './run';
import { transitionRows } from '../row-transitions';

/**
 * Claims the run's rows (generated / Sent for Review → Issuing, or Scheduled) and refunds what
 * could not be claimed. Safe to repeat and to run concurrently: a row already claimed by this run
 * counts again, the refund happens once (the run's `claimed` is set in the refund's transaction).
 */
export const claimIssueRows = async (run: IssueRun): Promise<IssueRun> => {
  if (run.claimed !== undefined) return run;
  const { orgId } = run;
  const target = run.state === 'scheduled' ? st.scheduled : st.issuing;
  const { rows } = await resolveSelection(orgId, run.certtype, run.items);
  // The status it had is kept, so a request refused by the job can give the row back as it was.
  const taken = await transitionRows(rows, claimable[run.kind], (r) => ({
    changes: {
      status: target,
      issueRequestId: run.id,
      statusBeforeIssue: r.status,
      ...(run.scheduledAt ? { scheduledAt: run.scheduledAt } : {}),
    },
    opts: { ifAbsent: { certUuid: randomUUID() } },
  }));
  // Claimed by this run before (a repeated claim).
  const others = rows.filter((_, i) => !taken[i]);
  const again = await transitionRows(others, [st.issuing, st.scheduled], () => ({
    changes: {},
    opts: { where: { issueRequestId: run.id } },
  }));
  const count = [...taken, ...again].filter(Boolean).length;
  const refund = run.requested - count;
  try {
    await writeAll([
      claimCounting(run, count, refund),
      ...(refund > 0 ? refundItems(orgId, refund, run.id) : []),
    ]);
  } catch (err) {
    // Claimed by a concurrent call of the same request (its write won, or was in flight): that
    // one counted and refunded.
    if (!cancellationReasons(err)) throw err;
  }
  return (await findIssueRun(orgId, run.id))!;
};
