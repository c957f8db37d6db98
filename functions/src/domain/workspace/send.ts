import { notFound } from '@proofmark/shared/errors';
import type { RunView, Selection } from '@proofmark/shared/contract/workspace';
import { itemId, parseItemId } from '@proofmark/shared/recipients/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { canSend, certificateStatus } from '@proofmark/shared/workspace/rules';
import { sendMail } from '../../adapters/mail';
import { senderOf } from '../recipients/invitations';
import { mapLimit, type RecipientItem } from '../recipients/recipient-store';
import { allowedSelection, resolveSelection } from '../recipients/recipients';
import { countRun, createRun, finishRunIfComplete, getRun, runView, updateRun } from '../runs';
import { countOnce } from '../dashboard/counters';
import { MAIL_TOKEN_TAG, trackMail, withTracking } from '../dashboard/tracking';
import { getOrg } from '../accounts/users';
import { certificateLinks, renderCertificateMail } from './certificate-mail';
import { queueChunk, settleChunk, type ChunkMessage } from './job-chunks';
import { markSent } from './row-transitions';

/**
 * Send Certificate / Send OpenBadges (§2.5 Issued tab): mails each selected issued certificate to
 * its recipient through the `send` job, a chunk of rows per message, and marks the row 'Certificate
 * sent' (sending again is allowed and counted).
 */
export const SEND_CHUNK = 100;

export interface SendChunk extends ChunkMessage {
  certtype: string;
  items: string[];
}

const sendable = (s: string) => s === certificateStatus.issued || s === certificateStatus.sent;

export const startSend = async (orgId: string, req: Selection): Promise<RunView> => {
  const { rows } = await allowedSelection(orgId, req.certtype, req.selectedItems, canSend);
  const run = await createRun(orgId, 'send', rows.length, { message: m.sending });
  const items = rows.map((r) => itemId(r.cohortid, r.studentid));
  for (let i = 0, n = 0; i < items.length; i += SEND_CHUNK, n++) {
    await queueChunk('send', {
      orgId,
      runId: run.id,
      chunk: n,
      certtype: req.certtype,
      items: items.slice(i, i + SEND_CHUNK),
    });
  }
  return runView(run);
};

/**
 * The send job's work: one chunk. A row already mailed by this run is skipped, so a redelivered
 * message neither mails nor counts it again (a crash between mailing and marking may mail twice).
 * A mail that fails makes the chunk fail so SQS retries it; on the last delivery it is counted as
 * a failure of the run, and the message is parked all the same.
 */
/**
 * The dashboard's counts of one chunk, once: every row of it this run marked sent (by this delivery
 * or by one before it that died), each a mail of its cohort; those sent for the first time move
 * issued → sent in My Certificates.
 */
const countSentChunk = async (msg: SendChunk, rows: RecipientItem[], markedNow: Set<RecipientItem>) => {
  const sent = rows.filter((r) => markedNow.has(r) || r.sendRun === msg.runId);
  const first = sent.filter((r) => (markedNow.has(r) ? !r.firstSentRun : r.firstSentRun === msg.runId));
  const cohorts: Record<string, { mailed: number }> = {};
  for (const r of sent) (cohorts[r.cohortid] ??= { mailed: 0 }).mailed++;
  await countOnce(msg.orgId, `sent#${msg.runId}#${msg.chunk}`, {
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
  });
};

export const runSendChunk = async (msg: SendChunk, lastAttempt: boolean) => {
  const { orgId, runId, certtype } = msg;
  const org = await getOrg(orgId);
  if (!org) throw notFound();
  if ((await getRun(orgId, runId)).state === 'queued') await updateRun(orgId, runId, { state: 'running' });
  const { rows } = await resolveSelection(orgId, certtype, msg.items);
  // Rows deleted since the request (issued rows cannot be, but a cohort's unissued ones can).
  const found = new Set(rows.map((r) => itemId(r.cohortid, r.studentid)));
  const errors: string[] = msg.items
    .filter((i) => !found.has(i))
    .map((i) => `${parseItemId(i)?.studentid ?? i}: no such recipient`);
  const sender = await senderOf(orgId);
  const mailFailures: string[] = [];
  const markedNow = new Set<RecipientItem>();
  await mapLimit(rows, 5, async (row) => {
    if (row.sendRun === runId) return;
    if (!sendable(row.status) || !row.certUuid) {
      errors.push(`${row.studentid}: not an issued certificate (${row.status})`);
      return;
    }
    if (row.bouncedAt) {
      errors.push(`${row.studentid}: ${m.addressBounced(row.email)}`);
      return;
    }
    try {
      const links = certificateLinks(org.verifierSlug, row.certUuid);
      // The verifier page link goes through our tracked redirect (the funnel's click); the files stay
      // direct, since the wallet import link must name the credential's own URL. The pixel counts opens.
      const tracked = [links.verifier];
      const tracking = await trackMail({
        ...row,
        kind: row.certtype === 'openbadges' ? 'badge' : 'certificate',
        links: tracked,
      });
      const mail = withTracking(await renderCertificateMail(sender, row, links, 'mail'), tracked, tracking);
      await sendMail({
        to: [row.email],
        cc: row.secondemail ? [row.secondemail] : undefined,
        ...mail,
        tags: { [MAIL_TOKEN_TAG]: tracking.token },
      });
    } catch (err) {
      mailFailures.push(`${row.studentid}: the mail could not be sent (${String(err)})`);
      return;
    }
    if (await markSent(row, runId)) {
      markedNow.add(row);
      await countRun(orgId, runId, { done: 1 });
    } else {
      errors.push(`${row.studentid}: changed while sending (not marked sent)`);
    }
  });
  if (mailFailures.length && !lastAttempt) {
    throw new Error(`send: ${mailFailures.length} mail(s) failed, retrying the chunk`);
  }
  // Only once the chunk is over: a retried delivery finds the rows this one marked.
  await countSentChunk(msg, rows, markedNow);
  const failures = [...errors, ...mailFailures];
  if ((await settleChunk(msg)) && failures.length) {
    await countRun(orgId, runId, { failed: failures.length, errors: failures });
  }
  await finishRunIfComplete(orgId, runId, m.success);
  // Settled, and still parked in the dead-letter queue: an operator sees that mail failed.
  if (mailFailures.length)
    throw new Error(`send: ${mailFailures.length} mail(s) failed on the last delivery`);
};
