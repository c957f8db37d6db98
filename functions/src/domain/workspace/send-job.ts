import { itemId, parseItemId } from '@proofmark/shared/recipients/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { certificateStatus } from '@proofmark/shared/workspace/rules';
import { deliveryMailKind } from '@proofmark/shared/mail-templates/rules';
import { mapLimit, type RecipientItem } from '../recipients/recipient-store';
import { resolveSelection } from '../recipients/recipients';
import { countRun, finishRunIfComplete, getRun, recountRecovered, updateRun } from '../runs';
import { countOnce } from '../dashboard/counters';
import { MAIL_TOKEN_TAG, trackMails } from '../dashboard/tracking';
import { mailComposer } from '../mail/compose-many';
import { deliverMail, mailRouteOf } from '../mail/delivery';
import { credentialMoment } from '../mail/links';
import { countMailRoute, sentCounting } from '../mail/run-routes';
import type { MailRoute } from '../settings/mail-route';
import { senderOf } from '../mail/sender';
import { runTemplates } from '../mail/versions';
import { writeEachConditional, type TransactItem } from '../../store/transaction';
import { markRowsFailed, rowFailure, settleChunk } from './job-chunks';
import { sentMarking } from './row-transitions';
import type { SendChunk } from './send';

/**
 * Rows mailed before their marks are written, together: a process that dies in between mails at
 * most this many of them again (the chunk is redelivered).
 */
const MARK_BATCH = 20;
/** Mails of a chunk composed and handed to the mail server at once. */
const MAIL_CONCURRENCY = 8;

const sendable = (s: string) => s === certificateStatus.issued || s === certificateStatus.sent;

/** The dashboard's counts of mails sent, once per key: each a mail of its cohort; `first` moves issued → sent. */
const countSent = (
  msg: SendChunk,
  key: string,
  sent: RecipientItem[],
  first: RecipientItem[],
  run: TransactItem[] = [],
) => {
  const cohorts: Record<string, { mailed: number }> = {};
  for (const r of sent) (cohorts[r.cohortid] ??= { mailed: 0 }).mailed++;
  return countOnce(
    msg.orgId,
    key,
    {
      stats: { sent: sent.length },
      moves: [
        {
          certtype: msg.certtype,
          from: certificateStatus.issued,
          to: certificateStatus.sent,
          count: first.length,
        },
      ],
      cohorts,
    },
    new Date(),
    run,
  );
};

/**
 * The counts of one chunk, once: every row of it this run marked sent (by this delivery or by one
 * before it that died), those sent for the first time moving issued → sent in My Certificates,
 * and the run's done and mails by route — one transaction with the chunk's mark, instead of two
 * writes of the run item per mail (the run is every chunk's hot item).
 * A row this run had given up on is counted by itself when a redrive sends it (countRedriven), as
 * the chunk may have been counted by the delivery that gave up.
 */
const countSentChunk = async (
  msg: SendChunk,
  route: MailRoute,
  rows: RecipientItem[],
  markedNow: Set<RecipientItem>,
) => {
  const sent = rows.filter(
    (r) => (markedNow.has(r) || r.sendRun === msg.runId) && r.failedRun !== msg.runId,
  );
  const first = sent.filter((r) => (markedNow.has(r) ? !r.firstSentRun : r.firstSentRun === msg.runId));
  await countSent(
    msg,
    `sent#${msg.runId}#${msg.chunk}`,
    sent,
    first,
    sent.length ? [sentCounting(msg.orgId, msg.runId, route, sent.length)] : [],
  );
};

const countRedriven = (msg: SendChunk, row: RecipientItem) =>
  countSent(msg, `sent#${msg.runId}#${row.cohortid}#${row.studentid}`, [row], row.firstSentRun ? [] : [row]);

/**
 * The send job's work: one chunk. A row already mailed by this run is skipped, so a redelivered
 * message neither mails nor counts it again (a crash between mailing and marking may mail again the rows of one MARK_BATCH).
 * A mail that fails makes the chunk fail so SQS retries it; on the last delivery it is counted as
 * a failure of the run and the row is marked with it, and the message is parked all the same. A
 * redrive of that message mails the rows still marked so (job-chunks.ts rowFailure) and counts
 * them done instead of failed; rows changed since are left alone.
 */
export const runSendChunk = async (msg: SendChunk, lastAttempt: boolean) => {
  const { orgId, runId, certtype } = msg;
  if ((await getRun(orgId, runId)).state === 'queued') await updateRun(orgId, runId, { state: 'running' });
  const { rows } = await resolveSelection(orgId, certtype, msg.items);
  // Rows deleted since the request (issued rows cannot be, but a cohort's unissued ones can).
  const found = new Set(rows.map((r) => itemId(r.cohortid, r.studentid)));
  const errors: string[] = msg.items
    .filter((i) => !found.has(i))
    .map((i) => `${parseItemId(i)?.studentid ?? i}: no such recipient`);
  const kind = deliveryMailKind(certtype);
  const [sender, route] = await Promise.all([senderOf(orgId), mailRouteOf(orgId)]);
  const template = runTemplates(orgId, kind, msg.templates);
  // Each cohort's template is sanitised once for the chunk, not once per mail.
  const composeMail = mailComposer();
  const mailFailures: string[] = [];
  const failedRows: { row: RecipientItem; reason: string }[] = [];
  const recovered: string[] = [];
  const markedNow = new Set<RecipientItem>();

  type ToMail = { row: RecipientItem; failure: ReturnType<typeof rowFailure> };
  const toMail: ToMail[] = [];
  for (const row of rows) {
    if (row.sendRun === runId) continue;
    const failure = rowFailure(row, runId);
    // Counted failed by this run, and edited or sent by another run since: not this run's to mail.
    if (failure === 'changed-since') continue;
    if (!sendable(row.status) || !row.certUuid) errors.push(`${row.studentid}: not an issued certificate (${row.status})`);
    else if (row.bouncedAt) errors.push(`${row.studentid}: ${m.addressBounced(row.email)}`);
    else toMail.push({ row, failure });
  }
  const moments = toMail.map(({ row }) => credentialMoment(sender, row.certUuid!));
  // The verifier page link goes through our tracked redirect (the funnel's click); the files stay
  // direct, since the wallet import link must name the credential's own URL. The pixel counts opens.
  // The chunk's mails are recorded together before any is sent.
  const tracked = await trackMails(
    toMail.map(({ row }, i) => ({
      orgId: row.orgId,
      cohortid: row.cohortid,
      certtype: row.certtype,
      studentid: row.studentid,
      email: row.email,
      kind: row.certtype === 'openbadges' ? ('badge' as const) : ('certificate' as const),
      links: [moments[i]!.links.VERIFIER_URL!],
    })),
  );

  // Mailed rows are marked sent MARK_BATCH at a time, one transaction each (every row still
  // conditional), one batch after another.
  let pending: ToMail[] = [];
  let marking = Promise.resolve();
  const markBatch = async (batch: ToMail[]) => {
    if (!batch.length) return;
    const now = new Date().toISOString();
    const marked = await writeEachConditional(batch.map(({ row }) => sentMarking(row, runId, now)));
    for (const [i, { row, failure }] of batch.entries()) {
      if (!marked[i]) {
        errors.push(`${row.studentid}: changed while sending (not marked sent)`);
        continue;
      }
      markedNow.add(row);
      // The chunk's rows are counted with the chunk (countSentChunk); a redriven one by itself.
      if (failure === 'retry') {
        recovered.push(row.studentid);
        await countRedriven(msg, row);
        await countMailRoute(orgId, runId, route);
      }
    }
  };
  const markPending = () => {
    const batch = pending;
    pending = [];
    marking = marking.then(() => markBatch(batch));
    return marking;
  };

  await mapLimit(toMail, MAIL_CONCURRENCY, async (item, i) => {
    const { row } = item;
    const moment = moments[i]!;
    const verifier = moment.links.VERIFIER_URL!;
    const tracking = tracked[i]!;
    try {
      const mail = await composeMail({
        kind,
        template: await template(row.cohortid),
        sender,
        recipient: row,
        ...moment,
        target: 'mail',
        tracking: {
          link: (href) => (href === verifier ? tracking.linkUrls[0]! : href),
          openPixelUrl: tracking.pixelUrl,
        },
      });
      await deliverMail(route, row.email, mail, row.secondemail ? [row.secondemail] : [], {
        [MAIL_TOKEN_TAG]: tracking.token,
      });
    } catch (err) {
      const reason = `the mail could not be sent (${err instanceof Error ? err.message : String(err)})`;
      mailFailures.push(`${row.studentid}: ${reason}`);
      if (lastAttempt) failedRows.push({ row, reason });
      return;
    }
    pending.push(item);
    if (pending.length >= MARK_BATCH) await markPending();
  });
  await markPending();
  await recountRecovered(orgId, runId, recovered, m.success);
  if (mailFailures.length && !lastAttempt) {
    throw new Error(`send: ${mailFailures.length} mail(s) failed, retrying the chunk`);
  }
  await markRowsFailed(runId, failedRows);
  // Only once the chunk is over: a retried delivery finds the rows this one marked.
  await countSentChunk(msg, route, rows, markedNow);
  const failures = [...errors, ...mailFailures];
  if ((await settleChunk(msg)) && failures.length) {
    await countRun(orgId, runId, { failed: failures.length, errors: failures });
  }
  await finishRunIfComplete(orgId, runId, m.success);
  // Settled, and still parked in the dead-letter queue: an operator sees that mail failed.
  if (mailFailures.length)
    throw new Error(`send: ${mailFailures.length} mail(s) failed on the last delivery`);
};
