import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { itemId, parseItemId, recipientStatus } from '@proofmark/shared/recipients/rules';
import { workspaceMessages } from '@proofmark/shared/workspace/messages';
import { mapLimit, updateRecipientItem, type RecipientItem } from './recipient-store';
import { resolveSelection } from './recipients';
import { codeFor, invitable } from './invitations';
import { countRun, finishRunIfComplete, getRun, recountRecovered, updateRun } from '../runs';
import { countOnce } from '../dashboard/counters';
import { MAIL_TOKEN_TAG, trackMail } from '../dashboard/tracking';
import { markRowsFailed, rowFailure, settleChunk, type ChunkMessage } from '../workspace/job-chunks';
import { composeMail } from '../mail/compose';
import { deliverMail, mailRouteOf, type MailRoute } from '../mail/delivery';
import { invitationMoment } from '../mail/links';
import { countMailRoute } from '../mail/run-routes';
import { senderOf, type Sender } from '../mail/sender';
import { runTemplates } from '../mail/versions';

/** One message of the invite job: a chunk of the selection, counted in the run `runId`. */
export interface InviteChunk extends ChunkMessage {
  certtype: string;
  items: string[];
  /** Each cohort's invitation template version, fixed when the run started. */
  templates?: Record<string, number>;
}

/**
 * Marks a mailed row as invited by this run: false when this run marked it already (a redelivered
 * job message raced this one), so each row is counted once. The status turns 'Invite pending' only
 * while no wallet key has arrived meanwhile.
 */
const markInvited = async (row: RecipientItem, runId: string): Promise<boolean> => {
  const marked = await updateRecipientItem(
    row,
    { inviteRun: runId, invitedAt: new Date().toISOString(), mailError: '' },
    { expression: '(attribute_not_exists(inviteRun) OR inviteRun <> :run)', values: { ':run': runId } },
  );
  if (marked) {
    await updateRecipientItem(
      row,
      { status: recipientStatus.invitePending },
      { expression: 'attribute_not_exists(publicKey)' },
    );
  }
  return marked;
};

interface Mailing {
  sender: Sender;
  route: MailRoute;
  template: ReturnType<typeof runTemplates>;
}

/**
 * Mails one row unless this run did already; true when this call mailed and marked it. The mail is
 * tracked (a pixel, and mail events tagged with its token), but its links stay direct: the wallet
 * link must reach the phone as the wallet's own https link, since iOS and Android open the wallet
 * app for that link only when it is followed directly, not through another site's redirect (the
 * known failure of mail click tracking); the introduction URL is the wallet's POST endpoint, not a
 * page. The funnel's step after the open is the wallet connecting (wallet-introduction), which
 * tells more than a click would.
 */
const inviteRow = async (orgId: string, how: Mailing, row: RecipientItem, runId: string) => {
  if (row.inviteRun === runId) return false;
  const tracked = await trackMail({ ...row, kind: 'invitation', links: [] });
  const mail = await composeMail({
    kind: 'invitation',
    template: await how.template(row.cohortid),
    sender: how.sender,
    recipient: row,
    ...invitationMoment(how.sender, await codeFor(orgId, row)),
    target: 'mail',
    tracking: { openPixelUrl: tracked.pixelUrl },
  });
  await deliverMail(how.route, row.email, mail, row.secondemail ? [row.secondemail] : [], {
    [MAIL_TOKEN_TAG]: tracked.token,
  });
  await countMailRoute(orgId, runId, how.route);
  return markInvited(row, runId);
};

/**
 * The invitation funnel's count of one chunk, once (its counted mark): every row this run invited
 * (by this delivery or by one before it that died), each in its cohort — but a row this run had
 * given up on, which a redrive counts by itself (countRedriven).
 */
const countInvitedChunk = async (msg: InviteChunk, rows: RecipientItem[], markedNow: Set<RecipientItem>) => {
  const invitations: Record<string, { invited: number }> = {};
  for (const r of rows)
    if ((markedNow.has(r) || r.inviteRun === msg.runId) && r.failedRun !== msg.runId)
      (invitations[r.cohortid] ??= { invited: 0 }).invited++;
  await countOnce(msg.orgId, `invited#${msg.runId}#${msg.chunk}`, { invitations });
};

/** A row this run had given up on, invited by a redrive: counted by itself (the chunk may have been). */
const countRedriven = (msg: InviteChunk, r: RecipientItem) =>
  countOnce(msg.orgId, `invited#${msg.runId}#${r.cohortid}#${r.studentid}`, {
    invitations: { [r.cohortid]: { invited: 1 } },
  });

const studentOf = (item: string) => parseItemId(item)?.studentid ?? item;
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The chunk's work; answers the rows that failed ("<studentid>: <reason>") and whether a mail failed. */
const inviteChunk = async (
  msg: InviteChunk,
  lastAttempt: boolean,
): Promise<{ failures: string[]; mailFailed: boolean }> => {
  const { orgId, runId } = msg;
  const { rows } = await resolveSelection(orgId, msg.certtype, msg.items);
  const found = new Set(rows.map((r) => itemId(r.cohortid, r.studentid)));
  const failures = msg.items.filter((i) => !found.has(i)).map((i) => `${studentOf(i)}: no such recipient`);
  const how: Mailing = {
    sender: await senderOf(orgId),
    route: await mailRouteOf(orgId),
    template: runTemplates(orgId, 'invitation', msg.templates),
  };
  const mailFailures: { row: RecipientItem; reason: string }[] = [];
  const recovered: string[] = [];
  const markedNow = new Set<RecipientItem>();
  await mapLimit(rows, 5, async (r) => {
    if (r.inviteRun === runId) return;
    // Counted failed by this run, and edited or invited by another run since: not this run's to mail.
    const failure = rowFailure(r, runId);
    if (failure === 'changed-since') return;
    if (!invitable(r)) {
      failures.push(
        `${r.studentid}: not invited (${r.publicKey ? 'its wallet key arrived meanwhile' : r.status})`,
      );
      return;
    }
    // A permanent bounce (a mail event) marked the row: skipped until its email is edited.
    if (r.bouncedAt) {
      failures.push(`${r.studentid}: ${workspaceMessages.addressBounced(r.email)}`);
      return;
    }
    try {
      if (await inviteRow(orgId, how, r, runId)) {
        markedNow.add(r);
        if (failure === 'retry') {
          recovered.push(r.studentid);
          await countRedriven(msg, r);
        } else await countRun(orgId, runId, { done: 1 });
      }
    } catch (err) {
      mailFailures.push({ row: r, reason: `the invitation could not be sent (${reasonOf(err)})` });
    }
  });
  await recountRecovered(orgId, runId, recovered, m.invitationsSent);
  if (mailFailures.length && !lastAttempt) {
    throw new Error(`invite: ${mailFailures.length} invitation(s) failed, retrying the chunk`);
  }
  // The last attempt: each failed row keeps its reason (and a redrive of this run retries it).
  await markRowsFailed(runId, mailFailures);
  // Only once the chunk is over: a retried delivery finds the rows this one marked.
  await countInvitedChunk(msg, rows, markedNow);
  return {
    failures: [...failures, ...mailFailures.map(({ row, reason }) => `${row.studentid}: ${reason}`)],
    mailFailed: mailFailures.length > 0,
  };
};

/**
 * On the last delivery of a chunk that keeps failing: every row this run did not invite, with the
 * reason; those it did invite are counted in the funnel.
 */
const notInvited = async (msg: InviteChunk, reason: string): Promise<string[]> => {
  const { rows } = await resolveSelection(msg.orgId, msg.certtype, msg.items);
  const invited = new Set(
    rows.filter((r) => r.inviteRun === msg.runId).map((r) => itemId(r.cohortid, r.studentid)),
  );
  await markRowsFailed(
    msg.runId,
    rows
      .filter((r) => r.inviteRun !== msg.runId && rowFailure(r, msg.runId) === 'none')
      .map((row) => ({ row, reason })),
  );
  await countInvitedChunk(msg, rows, new Set());
  return msg.items.filter((i) => !invited.has(i)).map((i) => `${studentOf(i)}: ${reason}`);
};

/**
 * The invite job's work: one chunk of a run. Each row is counted once, when this run marks it
 * invited; the chunk's failures are counted by the one delivery that settles the chunk, so a
 * redelivered message counts nothing twice. A failing chunk is retried; its last delivery counts
 * what is still uninvited as failed, with the reason, so the run always ends.
 */
export const runInviteChunk = async (msg: InviteChunk, lastAttempt: boolean) => {
  const { orgId, runId } = msg;
  if ((await getRun(orgId, runId)).state === 'queued') await updateRun(orgId, runId, { state: 'running' });
  let failures: string[];
  let gaveUp: unknown;
  try {
    const outcome = await inviteChunk(msg, lastAttempt);
    failures = outcome.failures;
    if (outcome.mailFailed) gaveUp = new Error(`invite: invitations failed on the last delivery`);
  } catch (err) {
    if (!lastAttempt) throw err;
    gaveUp = err;
    failures = await notInvited(msg, `the invitation could not be sent (${reasonOf(err)})`);
  }
  if ((await settleChunk(msg)) && failures.length) {
    await countRun(orgId, runId, { failed: failures.length, errors: failures });
  }
  await finishRunIfComplete(orgId, runId, m.invitationsSent);
  // Settled, and still parked in the dead-letter queue for an operator to see.
  if (gaveUp) throw gaveUp;
};
