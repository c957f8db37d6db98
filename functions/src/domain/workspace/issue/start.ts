import { badRequest } from '@proofmark/shared/errors';
import { itemId } from '@proofmark/shared/recipients/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import {
  hasEnoughBalance,
  MIN_BALANCE_COHORT,
  MIN_BALANCE_SELECTION,
} from '@proofmark/shared/workspace/rules';
import { enqueueJob, pendingJobMark } from '../../../adapters/queue';
import { scheduledMark, scheduleJob } from '../../../adapters/scheduler';
import { cancellationReasons, writeAll } from '../../../store/transaction';
import type { Blockchain } from '../../keys/chains';
import type { RecipientItem } from '../../recipients/recipient-store';
import { runCreation } from '../../runs';
import { debitItems, getBalance } from '../../billing/balance';
import { requestFirstStatusLists } from '../../batches/status-list-editions';
import { claimIssueRows } from './claims';
import { findIssueRun, type IssueKind, type IssueRun } from './run';

/**
 * The start of an accepted issue or bake request: the run (id = the client's requestId) and the
 * debit in ONE transaction, so the same requestId seen twice — a double click, a retried POST, two
 * at once — is one run and one debit. Then the rows are claimed and the job scheduled or queued.
 */

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const openIssueRun = async (
  orgId: string,
  o: {
    kind: IssueKind;
    runId: string;
    certtype: string;
    rows: RecipientItem[];
    wholeCohort: boolean;
    blockchain: Blockchain;
    at?: Date;
  },
): Promise<IssueRun> => {
  const n = o.rows.length;
  const balance = await getBalance(orgId);
  if (balance < 0) throw badRequest(m.negativeBalance(balance));
  if (!hasEnoughBalance(balance, n, o.wholeCohort)) throw badRequest(m.insufficientBalance);
  const need = Math.max(n, o.wholeCohort ? MIN_BALANCE_COHORT : MIN_BALANCE_SELECTION);
  const message = { orgId, runId: o.runId };
  const now = new Date().toISOString();
  const run: IssueRun = {
    orgId,
    id: o.runId,
    kind: o.kind,
    state: o.at ? 'scheduled' : 'queued',
    total: n,
    done: 0,
    failed: 0,
    errors: [],
    message: o.at ? m.issueScheduled : o.kind === 'bake' ? m.baking : m.issuing,
    createdAt: now,
    updatedAt: now,
    ...(o.at ? { scheduledAt: o.at.toISOString() } : {}),
    certtype: o.certtype,
    items: o.rows.map((r) => itemId(r.cohortid, r.studentid)),
    blockchain: o.blockchain,
    requested: n,
  };
  // The mark makes the run findable if its message is lost: the local scheduler's entry when it
  // runs later, else the pending job a restarted local cloud queues again.
  const mark = o.at
    ? scheduledMark('issue', o.at, orgId, o.runId, message)
    : pendingJobMark('issue', message);
  for (let attempt = 0; ; attempt++) {
    try {
      await writeAll([runCreation({ ...run, ...mark }), ...debitItems(orgId, n, need, o.kind, run.id)]);
      break;
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (!reasons) throw err;
      const [runReason, balanceReason] = reasons;
      // The same request got there first: answer its run.
      if (runReason === 'ConditionalCheckFailed') {
        const first = await findIssueRun(orgId, run.id);
        if (first) return resumeIssueRun(first);
      }
      if (balanceReason === 'ConditionalCheckFailed') throw badRequest(m.insufficientBalance);
      // A concurrent transaction on the same items (the same request twice at once): try again.
      if (attempt >= 8) throw err;
      await pause(50 + Math.random() * 150 * (attempt + 1));
    }
  }
  if (o.at) await scheduleJob('issue', o.at, run.id, message);
  // A new organisation's first status lists (creation.ts asks for them too, once per organisation):
  // asked for now, the anchor job anchors them while the rows are claimed and the batch is built,
  // instead of between the batch's queueing and its own anchoring (2–3 s of a first issue). Not
  // this request's to fail: if they cannot be queued now, the issue job asks again.
  else
    await requestFirstStatusLists(
      orgId,
      o.kind === 'bake' || o.certtype === 'openbadges' ? 'openbadge' : 'blockcerts',
    ).catch(() => undefined);
  const claimed = await claimIssueRows(run);
  if (!o.at) await enqueueJob('issue', message);
  return claimed;
};

/** An issue request seen again: finish what the first one may not have (claims, the schedule, the queue). */
export const resumeIssueRun = async (run: IssueRun): Promise<IssueRun> => {
  const message = { orgId: run.orgId, runId: run.id };
  if (run.state === 'scheduled' && run.scheduledAt)
    await scheduleJob('issue', new Date(run.scheduledAt), run.id, message);
  const claimed = await claimIssueRows(run);
  // Lost messages are re-sent; the job is idempotent.
  if (claimed.state === 'queued') await enqueueJob('issue', message);
  return claimed;
};
