import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { badRequest } from '@proofmark/shared/errors';
import type { IssueRequest, RunKind, RunView } from '@proofmark/shared/api/workspace';
import { itemId } from '@proofmark/shared/recipients/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import {
  canIssue,
  certificateStatus as st,
  hasEnoughBalance,
  MAX_ROWS_PER_REQUEST,
  MIN_BALANCE_COHORT,
  MIN_BALANCE_SELECTION,
  canBake,
} from '@proofmark/shared/workspace/rules';
import { dynamoClient } from '../../adapters/aws-dynamo';
import { functionConfig } from '../../adapters/function-config';
import { passwordSignIn } from '../../adapters/identity';
import { enqueueJob, pendingJobMark } from '../../adapters/queue';
import { scheduledMark, scheduleJob } from '../../adapters/scheduler';
import type { Blockchain } from '../chains';
import { activeIssuingKey } from '../issuing-keys';
import { getOrgSettings } from '../org-settings';
import { listCohortRows, mapLimit, type RecipientItem } from '../recipient-store';
import { resolveSelection } from '../recipients';
import { findRun, runView, type RunRecord } from '../runs';
import { beforeSignIn, signInFailed, signInSucceeded } from '../sign-in-lockout';
import type { UserRecord } from '../users';
import { debitItems, getBalance, refundItems } from './balance';
import { transitionRow } from './row-transitions';
import { blockchainOf } from './blockchain';

/**
 * Issue and bake requests (§2.5, §4, §5): the checks, then the run (id = the client's requestId)
 * and the debit in ONE transaction, so the same requestId seen twice — a double click, a retried
 * POST, two at once — is one run and one debit. Then the rows are claimed (conditional writes: two
 * requests never take the same row) and whatever could not be claimed is refunded, exactly once
 * (the run's `claimed` is set in the refund's transaction). The issue job then builds one batch
 * whose id is the run's id, so a redelivered job finds it instead of making a second.
 */

export type IssueKind = Extract<RunKind, 'issue' | 'bake'>;

/** The run of an issue or bake request: the progress record plus what the job needs. */
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

export const runKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}`, sk: `RUN#${id}` });

/** Rows each kind may take: issue needs generated certificates; badges are built from the row itself. */
const claimable: Record<IssueKind, readonly string[]> = {
  issue: [st.generated, st.sentForReview],
  bake: [st.invitePending, st.pkReceived, st.generated, st.sentForReview],
};

/**
 * The confirmation's email and password, checked again on every request (never trusted from an
 * earlier check), under the sign-in throttle (per client and account, ./sign-in-lockout.ts) so the
 * dialog is no way around it: its failures count as failed sign-ins and a locked client is refused.
 */
export const checkCredentials = async (user: UserRecord, email: string, password: string, client: string) => {
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) throw badRequest(m.notYourEmail);
  await beforeSignIn(user.email, client);
  if (!(await passwordSignIn(user.email, password))) {
    await signInFailed(user.email, client);
    throw badRequest(m.wrongCredentials);
  }
  await signInSucceeded(user.email, client);
};

const chosenBlockchain = async (orgId: string): Promise<Blockchain> => {
  // The same reading as generate's (a fresh organisation's settings screen shows ethereum).
  const blockchain = blockchainOf(await getOrgSettings(orgId));
  if (!blockchain) throw badRequest(m.selectBlockchain);
  if (!(await activeIssuingKey(orgId, blockchain))) throw badRequest(m.generateKeyFirst);
  return blockchain;
};

const MAX_SCHEDULE_MS = 366 * 24 * 3600 * 1000;

const scheduleTime = (scheduleAt: string | undefined): Date | undefined => {
  if (!scheduleAt) return undefined;
  const at = new Date(scheduleAt);
  if (at.getTime() <= Date.now()) throw badRequest(m.scheduleInPast);
  if (at.getTime() > Date.now() + MAX_SCHEDULE_MS) throw badRequest(m.scheduleTooFar);
  return at;
};

const statusesOf = (rows: readonly RecipientItem[]) => rows.map((r) => r.status ?? '');

/** POST /api/workspace/issue. */
export const requestIssue = async (
  orgId: string,
  user: UserRecord,
  req: IssueRequest,
  client: string,
): Promise<{ run: RunView; scheduled: boolean }> => {
  await checkCredentials(user, req.email, req.password, client);
  const existing = (await findRun(orgId, req.requestId)) as IssueRun | undefined;
  if (existing) return answer(await resume(existing));

  const blockchain = await chosenBlockchain(orgId);
  let rows: RecipientItem[];
  let wholeCohort: boolean;
  if (req.selectedCohort) {
    // A whole cohort (§7 selectedCohort): its generated / Sent for Review rows.
    const all = await listCohortRows(orgId, req.selectedCohort, req.certtype);
    rows = all.filter((r) => claimable.issue.includes(r.status));
    const verdict = canIssue(statusesOf(rows.length ? rows : all));
    if (!verdict.ok) throw badRequest(verdict.message);
    wholeCohort = true;
  } else {
    const selection = await resolveSelection(orgId, req.certtype, req.selectedItems);
    rows = selection.rows;
    const verdict = canIssue(statusesOf(rows));
    if (!verdict.ok) throw badRequest(verdict.message);
    wholeCohort = selection.wholeCohorts.length > 0;
  }
  if (rows.length > MAX_ROWS_PER_REQUEST) throw badRequest(m.tooManyRows(MAX_ROWS_PER_REQUEST));
  const at = scheduleTime(req.scheduleAt);
  return answer(
    await start(orgId, {
      kind: 'issue',
      runId: req.requestId,
      certtype: req.certtype,
      rows,
      wholeCohort,
      blockchain,
      at,
    }),
  );
};

/** POST /api/workspace/bake: Open Badges from the selected rows (no public key needed), issued like certificates. */
export const requestBake = async (
  orgId: string,
  req: { certtype: string; selectedItems: string[]; requestId: string },
): Promise<{ run: RunView; scheduled: boolean }> => {
  const existing = (await findRun(orgId, req.requestId)) as IssueRun | undefined;
  if (existing) return answer(await resume(existing));
  const blockchain = await chosenBlockchain(orgId);
  const { rows, wholeCohorts } = await resolveSelection(orgId, req.certtype, req.selectedItems);
  const verdict = canBake(statusesOf(rows));
  if (!verdict.ok) throw badRequest(verdict.message);
  if (rows.length > MAX_ROWS_PER_REQUEST) throw badRequest(m.tooManyRows(MAX_ROWS_PER_REQUEST));
  return answer(
    await start(orgId, {
      kind: 'bake',
      runId: req.requestId,
      certtype: req.certtype,
      rows,
      wholeCohort: wholeCohorts.length > 0,
      blockchain,
    }),
  );
};

const answer = (run: IssueRun) => ({ run: runView(run), scheduled: run.state === 'scheduled' });

export const isCancelled = (err: unknown): err is { CancellationReasons?: { Code?: string }[] } =>
  (err as { name?: string })?.name === 'TransactionCanceledException';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const start = async (
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
  if (!hasEnoughBalance(await getBalance(orgId), n, o.wholeCohort)) throw badRequest(m.insufficientBalance);
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
      await dynamoClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: functionConfig().tableName,
                Item: { ...runKey(orgId, run.id), type: 'run', ...run, ...mark },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            ...debitItems(orgId, n, need, o.kind, run.id),
          ],
        }),
      );
      break;
    } catch (err) {
      if (!isCancelled(err)) throw err;
      const [runReason, balanceReason] = err.CancellationReasons ?? [];
      // The same request got there first: answer its run.
      if (runReason?.Code === 'ConditionalCheckFailed') {
        const first = (await findRun(orgId, run.id)) as IssueRun | undefined;
        if (first) return resume(first);
      }
      if (balanceReason?.Code === 'ConditionalCheckFailed') throw badRequest(m.insufficientBalance);
      // A concurrent transaction on the same items (the same request twice at once): try again.
      if (attempt >= 8) throw err;
      await pause(50 + Math.random() * 150 * (attempt + 1));
    }
  }
  if (o.at) await scheduleJob('issue', o.at, run.id, message);
  const settled = await settle(run);
  if (!o.at) await enqueueJob('issue', message);
  return settled;
};

/** An issue request seen again: finish what the first one may not have (claims, the schedule, the queue). */
const resume = async (run: IssueRun): Promise<IssueRun> => {
  const message = { orgId: run.orgId, runId: run.id };
  if (run.state === 'scheduled' && run.scheduledAt)
    await scheduleJob('issue', new Date(run.scheduledAt), run.id, message);
  const settled = await settle(run);
  // Lost messages are re-sent; the job is idempotent.
  if (settled.state === 'queued') await enqueueJob('issue', message);
  return settled;
};

/**
 * Claims the run's rows (generated / Sent for Review → Issuing, or Scheduled) and refunds what
 * could not be claimed. Safe to repeat and to run concurrently: a row already claimed by this run
 * counts again, the refund happens once.
 */
export const settle = async (run: IssueRun): Promise<IssueRun> => {
  if (run.claimed !== undefined) return run;
  const { orgId } = run;
  const target = run.state === 'scheduled' ? st.scheduled : st.issuing;
  const { rows } = await resolveSelection(orgId, run.certtype, run.items);
  const claimed = await mapLimit(rows, 10, async (r) => {
    // The status it had is kept, so a request refused by the job can give the row back as it was.
    const changes: Record<string, unknown> = {
      status: target,
      issueRequestId: run.id,
      statusBeforeIssue: r.status,
    };
    if (run.scheduledAt) changes.scheduledAt = run.scheduledAt;
    return (
      (await transitionRow(r, claimable[run.kind], changes, {
        ifAbsent: { certUuid: randomUUID() },
      })) ||
      // Claimed by this run before (a repeated settle).
      (await transitionRow(r, [st.issuing, st.scheduled], {}, { where: { issueRequestId: run.id } }))
    );
  });
  const count = claimed.filter(Boolean).length;
  const refund = run.requested - count;
  try {
    await dynamoClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: functionConfig().tableName,
              Key: runKey(orgId, run.id),
              UpdateExpression: 'SET claimed = :c, refunded = :r, #total = :c, updatedAt = :now',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(claimed)',
              ExpressionAttributeNames: { '#total': 'total' },
              ExpressionAttributeValues: { ':c': count, ':r': refund, ':now': new Date().toISOString() },
            },
          },
          ...(refund > 0 ? refundItems(orgId, refund, run.id) : []),
        ],
      }),
    );
  } catch (err) {
    // Settled by a concurrent call of the same request: that one counted and refunded.
    if (!isCancelled(err)) throw err;
  }
  return (await findRun(orgId, run.id)) as IssueRun;
};
