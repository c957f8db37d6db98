import type { MailKind, MailTemplateText } from '@proofmark/shared/mail-templates/rules';
import { anyCohortRow } from '../recipients/recipient-store';
import { composeMail, type ComposedMail, type MailTarget } from './compose';
import { credentialMoment, invitationMoment } from './links';
import { senderOf } from './sender';

/**
 * A template filled for one recipient of the cohort (its first row; a made-up recipient when the
 * cohort has none): what the editor's preview shows and what a test mail carries.
 */
const SAMPLE_CODE = 'SAMPLECODE';
const SAMPLE_CREDENTIAL = '00000000-0000-4000-8000-000000000000';

export const composeSample = async (
  orgId: string,
  kind: MailKind,
  cohortid: string,
  template: MailTemplateText,
  target: MailTarget,
): Promise<ComposedMail & { sample: { firstname: string; email: string; fromCohort: boolean } }> => {
  const [sender, row] = await Promise.all([senderOf(orgId), anyCohortRow(orgId, cohortid)]);
  const moment =
    kind === 'invitation'
      ? invitationMoment(sender, row?.oneTimeCode ?? SAMPLE_CODE)
      : credentialMoment(sender, row?.certUuid ?? SAMPLE_CREDENTIAL);
  const firstname = row?.firstname ?? 'Alex';
  const mail = await composeMail({ kind, template, sender, recipient: { firstname }, ...moment, target });
  return {
    ...mail,
    sample: { firstname, email: row?.email ?? 'alex@example.org', fromCohort: Boolean(row) },
  };
};
