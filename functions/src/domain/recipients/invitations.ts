import { badRequest, notFound } from '@proofmark/shared/errors';
import { MAX_PREVIEW_MAILS } from '@proofmark/shared/contract/invitations';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { isLockedStatus, itemId } from '@proofmark/shared/recipients/rules';
import { getRecipient, mapLimit, updateRecipientItem, type RecipientItem } from './recipient-store';
import { resolveSelection } from './recipients';
import { createRun } from '../runs';
import { issueOneTimeCode } from '../public/wallet-introduction';
import { queueChunk } from '../workspace/job-chunks';
import { composeMail } from '../mail/compose';
import { invitationMoment } from '../mail/links';
import { senderOf } from '../mail/sender';
import { currentTemplateVersions, runTemplates } from '../mail/versions';

/**
 * Invitations (§2.1, §2.4): the cohort's invitation template (or the default) filled with the
 * Blockcerts Wallet deep link (the organisation's introduction URL and the recipient's one-time
 * code) and its QR code. The invite job mails them (invite-job.ts); the row stays 'Invite pending'
 * until the wallet posts its key (domain/public/wallet-introduction.ts), then it is 'PK received'.
 */

/** Waiting for a wallet: not issued, and no public key yet. */
export const invitable = (r: RecipientItem) => !isLockedStatus(r.status) && !r.publicKey;

/** The row's one-time code, created and bound to the row on first use (single-use; see wallet-introduction). */
export const codeFor = async (orgId: string, row: RecipientItem): Promise<string> => {
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

export const previewInvitations = async (
  orgId: string,
  certtype: string,
  selectedItems: readonly string[],
) => {
  const { rows } = await resolveSelection(orgId, certtype, selectedItems);
  const eligible = rows.filter(invitable);
  if (!eligible.length) throw badRequest(rows.length ? m.nothingToInvite : m.noSelectedStudents);
  const shown = eligible.slice(0, MAX_PREVIEW_MAILS);
  const sender = await senderOf(orgId);
  const templates = runTemplates(
    orgId,
    'invitation',
    await currentTemplateVersions(
      orgId,
      'invitation',
      shown.map((r) => r.cohortid),
    ),
  );
  const PreviewMail = await mapLimit(shown, 5, async (r) => {
    const mail = await composeMail({
      kind: 'invitation',
      template: await templates(r.cohortid),
      sender,
      recipient: r,
      ...invitationMoment(sender, await codeFor(orgId, r)),
      target: 'preview',
    });
    return { to: r.email, subject: mail.subject, html: mail.html };
  });
  return { PreviewMail };
};

const JOB_CHUNK = 200;

/**
 * Sends the invitations of a selection through the invite job, as a run (the caller shows "Please
 * wait a few minutes." and follows the run it answers). The run fixes each cohort's invitation
 * template version now, so a template saved during the run does not mix two versions in it.
 */
export const inviteSelection = async (orgId: string, certtype: string, selectedItems: readonly string[]) => {
  const { rows } = await resolveSelection(orgId, certtype, selectedItems);
  const eligible = rows.filter(invitable);
  if (!eligible.length) throw badRequest(rows.length ? m.nothingToInvite : m.noSelectedStudents);
  const skipped = rows.length - eligible.length;
  const templates = await currentTemplateVersions(
    orgId,
    'invitation',
    eligible.map((r) => r.cohortid),
  );
  const run = await createRun(orgId, 'invite', eligible.length, { message: m.pleaseWait });
  for (let i = 0, n = 0; i < eligible.length; i += JOB_CHUNK, n++) {
    const chunk = eligible.slice(i, i + JOB_CHUNK);
    await queueChunk('invite', {
      orgId,
      runId: run.id,
      chunk: n,
      certtype,
      items: chunk.map((r) => itemId(r.cohortid, r.studentid)),
      templates: Object.fromEntries(chunk.map((r) => [r.cohortid, templates[r.cohortid] ?? 0])),
    });
  }
  return { sent: 0, queued: eligible.length, skipped, runId: run.id };
};
