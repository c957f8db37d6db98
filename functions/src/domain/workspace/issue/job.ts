import { AppError } from '@proofmark/shared/errors';
import type { Display } from '@proofmark/shared/blockcerts/index';
import type { CreateBatchRequest } from '@proofmark/shared/credential-batch';
import { certificateTypes } from '@proofmark/shared/certificate-types';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { certificateStatus as st } from '@proofmark/shared/workspace/rules';
import { findBatch } from '../../batches/batches';
import { createBatch, requeueAnchor } from '../../batches/creation';
import { publishAheadOfAnchor } from '../../batches/ahead-of-anchor';
import { publicUrl } from '../../public-urls';
import { getOrg } from '../../accounts/users';
import { getOrgSettings } from '../../settings/org-settings';
import { type RecipientItem } from '../../recipients/recipient-store';
import { resolveSelection } from '../../recipients/recipients';
import { updateRun } from '../../runs';
import { cancellationReasons, writeAll } from '../../../store/transaction';
import { debitItems, refundItems } from '../../billing/balance';
import { credentialDisplay } from '../credential-display';
import { claimIssueRows } from './claims';
import {
  claimable,
  clearJobMark,
  findIssueRun,
  markRunning,
  runFailing,
  runReopening,
  type IssueRun,
} from './run';
import { movedRows, transitionRow, transitionRows } from '../row-transitions';
import { markRowsFailed, rowFailure } from '../job-chunks';
import { badgeDesignFor } from '../../designs/designs';

/*
 * The issue job (see workspace/issue/requests.ts for the request that claims the rows and queues it). Its own module
 * because building the batch reaches the credential code (jsonld, the signer, the QR renderer),
 * which the HTTP function that takes issue requests should not carry.
 */

/**
 * A request the job cannot carry out (its key was revoked meanwhile, the status list is full): the
 * run fails with the reason, its debit is refunded (once: the refund's transaction moves the run
 * to failed) and its rows go back to the status they had.
 */
const failRun = async (run: IssueRun, rows: readonly RecipientItem[], reason: string) => {
  try {
    await writeAll([
      runFailing(run, reason, rows.length),
      ...(run.claimed ? refundItems(run.orgId, run.claimed, run.id) : []),
    ]);
  } catch (err) {
    // Failed (and refunded) by another delivery already.
    if (!cancellationReasons(err)) throw err;
  }
  const given = await giveRowsBack(run, rows);
  await clearJobMark(run.orgId, run.id);
  return given;
};

/** The run's rows back to the status they had before it claimed them; answers those moved. */
const giveRowsBack = (run: IssueRun, rows: readonly RecipientItem[]) =>
  movedRows(rows, (r) =>
    transitionRow(
      r,
      [st.issuing, st.scheduled],
      { status: r.statusBeforeIssue ?? st.generated },
      { where: { issueRequestId: run.id }, remove: ['issueRequestId', 'scheduledAt'] },
    ),
  );

/**
 * The job gave up on the request (its last delivery failed): unless its batch exists (then the
 * anchoring job owns the rest), the run fails with the reason, its debit is refunded and its rows
 * go back, as for a refusal — but marked (job-chunks.ts rowFailure), so that a redrive of the
 * parked message once the cause is gone issues them after all (reopenGivenUp).
 */
export const settleIssueFailed = async (orgId: string, runId: string, reason: string) => {
  const run = await findIssueRun(orgId, runId);
  if (!run || run.state === 'done' || run.state === 'failed') return;
  if (await findBatch(orgId, runId)) return;
  const { rows } = await resolveSelection(orgId, run.certtype, run.items);
  const given = await failRun(
    run,
    rows.filter((r) => r.issueRequestId === runId),
    reason,
  );
  await markRowsFailed(
    runId,
    given.map((row) => ({ row })),
  );
};

/**
 * A redriven message of a request its job gave up on: the rows still as the settle left them (not
 * those the user changed, issued or deleted since) are claimed again, and the run moves from
 * failed back to queued in one transaction with their debit — so a second redrive finds the run
 * no longer failed and debits nothing. Without the balance for them the rows go back, still
 * marked, and the run says so. Answers the reopened run, or undefined when there is nothing to do.
 */
const reopenGivenUp = async (run: IssueRun): Promise<IssueRun | undefined> => {
  const { orgId, id } = run;
  const { rows } = await resolveSelection(orgId, run.certtype, run.items);
  // Claimed again by an earlier delivery of the redrive that stopped before its debit.
  const held = rows.filter((r) => r.failedRun === id && r.issueRequestId === id && r.status === st.issuing);
  const claimed = await movedRows(
    rows.filter((r) => rowFailure(r, id) === 'retry'),
    (r) =>
      transitionRow(
        r,
        claimable[run.kind],
        { status: st.issuing, issueRequestId: id, statusBeforeIssue: r.status },
        // Only as the settle left it: nothing wrote the row since.
        { where: { failedRun: id, updatedAt: r.updatedAt } },
      ),
  );
  const count = held.length + claimed.length;
  if (!count) return undefined;
  try {
    await writeAll([
      runReopening(run, count, run.kind === 'bake' ? m.baking : m.issuing),
      ...debitItems(orgId, count, count, run.kind, id),
    ]);
  } catch (err) {
    const reasons = cancellationReasons(err);
    if (!reasons) throw err;
    // The run's write refused: reopened by a concurrent delivery, which debited.
    if (reasons[0] === 'ConditionalCheckFailed') return findIssueRun(orgId, id);
    const given = await giveRowsBack(run, [...held, ...claimed]);
    await markRowsFailed(
      id,
      given.map((row) => ({ row })),
    );
    await updateRun(orgId, id, { message: m.insufficientBalance });
    return undefined;
  }
  return findIssueRun(orgId, id);
};

/** A scheduled delivery may come early (a retry, a restart): before its time it does nothing. */
const EARLY_TOLERANCE_MS = 30_000;

const fullName = (r: RecipientItem) => [r.firstname, r.middlename, r.lastname].filter(Boolean).join(' ');
const certificateName = (certtype: string) =>
  certificateTypes.find((t) => t.value === certtype)?.label ?? certtype;

/**
 * The issue job: builds the run's batch (id = run id) from the rows it claimed and hands it to the
 * anchoring job. Every step can be repeated: a redelivery after the batch exists only finishes
 * the bookkeeping; publishing (batches/publishing.ts → workspace/issue/published.ts) moves the rows to issued.
 */
export const runIssueJob = async (orgId: string, runId: string): Promise<void> => {
  let run = await findIssueRun(orgId, runId);
  if (!run) return;
  if (run.state === 'failed') run = (await reopenGivenUp(run)) ?? run;
  if (run.state === 'done' || run.state === 'failed') return void (await clearJobMark(orgId, runId));
  if (run.state === 'scheduled' && Date.parse(run.scheduledAt ?? '') > Date.now() + EARLY_TOLERANCE_MS)
    return;
  run = await claimIssueRows(run);

  const stored = await findBatch(orgId, runId);
  if (stored) {
    // An earlier delivery built the batch; its queueing of the anchor, or what it publishes ahead
    // of the anchor, may have failed.
    await requeueAnchor(stored);
    await publishAheadOfAnchor(stored);
    await markRunning(run, { batchId: runId });
    return void (await clearJobMark(orgId, runId));
  }
  const { rows: all } = await resolveSelection(orgId, run.certtype, run.items);
  const rows = all.filter(
    (r) => r.issueRequestId === runId && (r.status === st.issuing || r.status === st.scheduled) && r.certUuid,
  );
  // The time has come: scheduled rows are being issued now.
  await transitionRows(
    rows.filter((r) => r.status === st.scheduled),
    [st.scheduled],
    () => ({ changes: { status: st.issuing }, opts: { where: { issueRequestId: runId } } }),
  );
  if (!rows.length) {
    await updateRun(orgId, runId, { state: 'done', message: m.noSelectedItems });
    return void (await clearJobMark(orgId, runId));
  }
  await markRunning(run);
  const ids = rows.map((r) => `urn:uuid:${r.certUuid}`);
  let displays: Display[] | undefined;
  if (run.kind === 'issue') {
    const [org, settings] = await Promise.all([getOrg(orgId), getOrgSettings(orgId)]);
    const issuer = {
      name: settings.issuername || org?.name || '',
      logoUrl: settings.logoPublicKey ? publicUrl(settings.logoPublicKey) : undefined,
    };
    displays = rows.map((r) => credentialDisplay(issuer, run!.certtype, r, org?.verifierSlug ?? ''));
  }
  // A bake takes the achievement and its image from the cohort's open-badge design (its first row's).
  const badge = run.kind === 'bake' ? await badgeDesignFor(orgId, rows[0]!.cohortid) : undefined;
  let batch;
  try {
    batch = await createBatch(
      orgId,
      {
        blockchain: run.blockchain,
        certificate: {
          type:
            run.kind === 'bake' ? 'openbadges' : (run.certtype as CreateBatchRequest['certificate']['type']),
          name: badge?.achievement.name ?? certificateName(run.certtype),
          ...(badge?.achievement.description ? { description: badge.achievement.description } : {}),
          ...(badge?.achievement.criteria ? { criteria: badge.achievement.criteria } : {}),
        },
        recipients: rows.map((r) => ({
          name: fullName(r) || r.email,
          email: r.email || undefined,
          publicKey:
            run!.kind === 'issue' && r.publicKey && r.publicKey !== r.email ? r.publicKey : undefined,
        })),
      },
      {
        batchId: runId,
        credentialIds: ids,
        displays,
        source: { runId },
        ...(badge?.image ? { achievementImage: badge.image } : {}),
      },
    );
  } catch (err) {
    // Refused for good (no key any more, a full status list): the run says why; nothing is retried.
    if (err instanceof AppError && err.status < 500) return void (await failRun(run, rows, err.message));
    throw err;
  }
  // While the anchoring job hashes the batch: its records and PDFs (batches/ahead-of-anchor.ts).
  await publishAheadOfAnchor(batch);
  await updateRun(orgId, runId, { batchId: runId });
  await clearJobMark(orgId, runId);
};
