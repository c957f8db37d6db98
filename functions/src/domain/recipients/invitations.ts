import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { badRequest, notFound } from '@proofmark/shared/errors';
import { INLINE_INVITATIONS, MAX_PREVIEW_MAILS } from '@proofmark/shared/contract/invitations';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import {
  defaultInvitationTemplate,
  fillTemplate,
  htmlToText,
  invitationPlaceholders,
  isLockedStatus,
  itemId,
  parseItemId,
  recipientStatus,
  walletIntroductionLink,
} from '@proofmark/shared/recipients/rules';
import { getObjectBytes } from '../../adapters/blobs';
import { sendMail, type OutgoingMail } from '../../adapters/mail';
import { getOrgSettings } from '../settings/org-settings';
import { issuerUrls } from '../public-urls';
import { getRecipient, mapLimit, updateRecipientItem, type RecipientItem } from './recipient-store';
import { resolveSelection } from './recipients';
import { countRun, createRun, finishRunIfComplete, getRun, updateRun } from '../runs';
import { getOrg } from '../accounts/users';
import { issueOneTimeCode } from '../public/wallet-introduction';
import { queueChunk, settleChunk, type ChunkMessage } from '../workspace/job-chunks';

/**
 * Invitations (§2.1, §2.4): a mail from the default invitation template with the Blockcerts Wallet
 * deep link (the organisation's introduction URL and the recipient's one-time code), its QR code
 * rendered here, and the organisation's name and logo. The row stays 'Invite pending' until the
 * wallet posts its key (domain/public/wallet-introduction.ts), then it is 'PK received'.
 */

export interface Sender {
  name: string;
  introductionUrl: string;
  issuerUrl: string;
  logo?: { bytes: Uint8Array; contentType: string };
}

/** Who a mail of the organisation is from: its issuer name, links and logo (also the certificate mail's). */
export const senderOf = async (orgId: string): Promise<Sender> => {
  const [org, settings] = await Promise.all([getOrg(orgId), getOrgSettings(orgId)]);
  if (!org) throw notFound();
  const urls = issuerUrls(org);
  const logoBytes = settings.logoKey ? await getObjectBytes('artefacts', settings.logoKey) : undefined;
  return {
    name: settings.issuername || org.name,
    introductionUrl: urls.introduction,
    issuerUrl: settings.issuerurl || urls.profile,
    logo: logoBytes ? { bytes: logoBytes, contentType: settings.logoContentType ?? 'image/png' } : undefined,
  };
};

/** Waiting for a wallet: not issued, and no public key yet. */
export const invitable = (r: RecipientItem) => !isLockedStatus(r.status) && !r.publicKey;

/** The row's one-time code, created and bound to the row on first use (single-use; see wallet-introduction). */
const codeFor = async (orgId: string, row: RecipientItem): Promise<string> => {
  if (row.oneTimeCode) return row.oneTimeCode;
  const code = await issueOneTimeCode(orgId, { pk: row.pk, sk: row.sk });
  if (
    await updateRecipientItem(row, { oneTimeCode: code }, { expression: 'attribute_not_exists(oneTimeCode)' })
  )
    return code;
  // Another call bound a code first: use that one.
  const current = await getRecipient(orgId, row.cohortid, row.certtype, row.studentid);
  if (!current?.oneTimeCode) throw notFound(m.noSuchStudent);
  return current.oneTimeCode;
};

type Rendered = Pick<OutgoingMail, 'subject' | 'html' | 'text' | 'inline'>;
export type MailTarget = 'mail' | 'preview';

/**
 * An image of a mail: for a mail an inline attachment (`cid:`), which mail clients show; for the
 * preview in the browser a data URL.
 */
export const imageSrc = (target: MailTarget, id: string, bytes: Uint8Array, type: string) =>
  target === 'mail' ? `cid:${id}` : `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** The organisation's logo: its <img> (empty without a logo) and, for a mail, its attachment. */
export const senderLogo = (sender: Sender, target: MailTarget) => ({
  markup: sender.logo
    ? `<img src="${imageSrc(target, 'logo', sender.logo.bytes, sender.logo.contentType)}" alt="" style="max-height:80px"/>`
    : '',
  inline:
    target === 'mail' && sender.logo
      ? [
          {
            filename: 'logo',
            contentType: sender.logo.contentType,
            contentId: 'logo',
            content: sender.logo.bytes,
          },
        ]
      : [],
});

/** A filled mail with its QR code and the organisation's logo attached inline (for a mail). */
export const mailWithImages = (
  subject: string,
  html: string,
  qr: Uint8Array,
  logo: ReturnType<typeof senderLogo>,
  target: MailTarget,
): Rendered => ({
  subject,
  html,
  text: htmlToText(html.replace(/<img [^>]*>/g, '')),
  inline:
    target === 'mail'
      ? [
          { filename: 'qrcode.png', contentType: 'image/png', contentId: 'qrcode', content: qr },
          ...logo.inline,
        ]
      : undefined,
});

/**
 * One invitation. For a mail the images are inline attachments (`cid:`), which mail clients show;
 * for the preview in the browser they are data URLs.
 */
export const renderInvitation = async (
  sender: Sender,
  row: Pick<RecipientItem, 'firstname'>,
  code: string,
  target: MailTarget,
): Promise<Rendered> => {
  const link = walletIntroductionLink(sender.introductionUrl, code);
  const qr = await QRCode.toBuffer(link, { type: 'png', width: 300, margin: 2, errorCorrectionLevel: 'M' });
  const src = (id: string, bytes: Uint8Array, type: string) => imageSrc(target, id, bytes, type);
  const logo = senderLogo(sender, target);
  const values = {
    ORGANIZATION_NAME: sender.name,
    ORGANIZATION_LOGO: logo.markup,
    FIRST_NAME: row.firstname,
    INTRODUCTION_URL: sender.introductionUrl,
    ISSUER_URL: sender.issuerUrl,
    ONETIMECODE: code,
    WALLET_LINK: link,
    QR_CODE: `<img src="${src('qrcode', qr, 'image/png')}" width="300" height="300" alt="QR code of the wallet link"/>`,
  };
  const html = fillTemplate(defaultInvitationTemplate.html, values);
  // The subject is plain text: nothing to escape (the markup placeholders do not occur in it).
  const subject = fillTemplate(defaultInvitationTemplate.subject, values, new Set(invitationPlaceholders));
  return mailWithImages(subject, html, qr, logo, target);
};

export const previewInvitations = async (
  orgId: string,
  certtype: string,
  selectedItems: readonly string[],
) => {
  const { rows } = await resolveSelection(orgId, certtype, selectedItems);
  const eligible = rows.filter(invitable);
  if (!eligible.length) throw badRequest(rows.length ? m.nothingToInvite : m.noSelectedStudents);
  const sender = await senderOf(orgId);
  const PreviewMail = await mapLimit(eligible.slice(0, MAX_PREVIEW_MAILS), 5, async (r) => {
    const mail = await renderInvitation(sender, r, await codeFor(orgId, r), 'preview');
    return { to: r.email, subject: mail.subject, html: mail.html };
  });
  return { PreviewMail };
};

/**
 * Marks a mailed row as invited by this run: false when this run marked it already (a redelivered
 * job message raced this one), so each row is counted once. The status turns 'Invite pending' only
 * while no wallet key has arrived meanwhile.
 */
const markInvited = async (row: RecipientItem, runId: string): Promise<boolean> => {
  const marked = await updateRecipientItem(
    row,
    { inviteRun: runId, invitedAt: new Date().toISOString() },
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

/** Mails one row unless this run did already; true when this call mailed and marked it. */
const inviteRow = async (orgId: string, sender: Sender, row: RecipientItem, runId: string) => {
  if (row.inviteRun === runId) return false;
  const mail = await renderInvitation(sender, row, await codeFor(orgId, row), 'mail');
  await sendMail({ to: [row.email], cc: row.secondemail ? [row.secondemail] : undefined, ...mail });
  return markInvited(row, runId);
};

/**
 * Sends to the given rows once per run: a row already marked with this run is skipped, so a
 * redelivered job message does not mail twice (a crash between sending and marking may).
 */
export const sendInvitationsTo = async (orgId: string, rows: readonly RecipientItem[], runId: string) => {
  const sender = await senderOf(orgId);
  let sent = 0;
  await mapLimit(rows.filter(invitable), 5, async (r) => {
    if (await inviteRow(orgId, sender, r, runId)) sent += 1;
  });
  return sent;
};

const JOB_CHUNK = 200;

/** One message of the invite job: a chunk of the selection, counted in the run `runId`. */
export interface InviteChunk extends ChunkMessage {
  certtype: string;
  items: string[];
}

/**
 * Sends the invitations of a selection: up to INLINE_INVITATIONS during the call, more through the
 * invite job (the caller shows "Please wait a few minutes." and follows the run it answers).
 */
export const inviteSelection = async (orgId: string, certtype: string, selectedItems: readonly string[]) => {
  const { rows } = await resolveSelection(orgId, certtype, selectedItems);
  const eligible = rows.filter(invitable);
  if (!eligible.length) throw badRequest(rows.length ? m.nothingToInvite : m.noSelectedStudents);
  const skipped = rows.length - eligible.length;
  if (eligible.length <= INLINE_INVITATIONS) {
    return { sent: await sendInvitationsTo(orgId, eligible, randomUUID()), queued: 0, skipped };
  }
  const run = await createRun(orgId, 'invite', eligible.length, { message: m.pleaseWait });
  for (let i = 0, n = 0; i < eligible.length; i += JOB_CHUNK, n++) {
    await queueChunk('invite', {
      orgId,
      runId: run.id,
      chunk: n,
      certtype,
      items: eligible.slice(i, i + JOB_CHUNK).map((r) => itemId(r.cohortid, r.studentid)),
    });
  }
  return { sent: 0, queued: eligible.length, skipped, runId: run.id };
};

const studentOf = (item: string) => parseItemId(item)?.studentid ?? item;

/** The chunk's work; answers the rows that failed ("<studentid>: <reason>") and whether a mail failed. */
const inviteChunk = async (
  msg: InviteChunk,
  lastAttempt: boolean,
): Promise<{ failures: string[]; mailFailed: boolean }> => {
  const { orgId, runId } = msg;
  const { rows } = await resolveSelection(orgId, msg.certtype, msg.items);
  const found = new Set(rows.map((r) => itemId(r.cohortid, r.studentid)));
  const failures = msg.items.filter((i) => !found.has(i)).map((i) => `${studentOf(i)}: no such recipient`);
  const sender = await senderOf(orgId);
  const mailFailures: string[] = [];
  await mapLimit(rows, 5, async (r) => {
    if (r.inviteRun === runId) return;
    if (!invitable(r)) {
      failures.push(
        `${r.studentid}: not invited (${r.publicKey ? 'its wallet key arrived meanwhile' : r.status})`,
      );
      return;
    }
    try {
      if (await inviteRow(orgId, sender, r, runId)) await countRun(orgId, runId, { done: 1 });
    } catch (err) {
      mailFailures.push(`${r.studentid}: the invitation could not be sent (${String(err)})`);
    }
  });
  if (mailFailures.length && !lastAttempt) {
    throw new Error(`invite: ${mailFailures.length} invitation(s) failed, retrying the chunk`);
  }
  return { failures: [...failures, ...mailFailures], mailFailed: mailFailures.length > 0 };
};

/** On the last delivery of a chunk that keeps failing: every row this run did not invite, with the reason. */
const notInvited = async (msg: InviteChunk, reason: string): Promise<string[]> => {
  const { rows } = await resolveSelection(msg.orgId, msg.certtype, msg.items);
  const invited = new Set(
    rows.filter((r) => r.inviteRun === msg.runId).map((r) => itemId(r.cohortid, r.studentid)),
  );
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
    failures = await notInvited(msg, `the invitation could not be sent (${String(err)})`);
  }
  if ((await settleChunk(msg)) && failures.length) {
    await countRun(orgId, runId, { failed: failures.length, errors: failures });
  }
  await finishRunIfComplete(orgId, runId, m.invitationsSent);
  // Settled, and still parked in the dead-letter queue for an operator to see.
  if (gaveUp) throw gaveUp;
};
