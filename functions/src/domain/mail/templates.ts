import { conflict } from '@proofmark/shared/errors';
import type { MailKind, MailTemplateText } from '@proofmark/shared/mail-templates/rules';
import type { MailTemplateView } from '@proofmark/shared/contract/mail-templates';
import { mailTemplates } from '../../store/mail-templates';
import { isConditionFailure } from '../../store/table';
import { assertUsableTemplate, sanitizeTemplateHtml } from './compose';
import { currentTemplate, view } from './versions';

/**
 * Saves the next version: sanitised first (what is stored is what is sent), then checked, so a
 * refused save stores nothing. Two saves at once: the second is refused, not merged.
 */
export const saveTemplate = async (
  orgId: string,
  kind: MailKind,
  cohortid: string,
  input: MailTemplateText,
  savedBy: string,
): Promise<MailTemplateView> => {
  const template = { subject: input.subject.trim(), html: sanitizeTemplateHtml(input.html) };
  assertUsableTemplate(kind, template);
  const { version } = await currentTemplate(orgId, kind, cohortid);
  const record = {
    orgId,
    kind,
    cohortid,
    version: version + 1,
    ...template,
    savedBy,
    savedAt: new Date().toISOString(),
  };
  try {
    await mailTemplates().create(record).go({ response: 'none' });
  } catch (err) {
    if (isConditionFailure(err))
      throw conflict('The template was saved by someone else meanwhile. Load it again.');
    throw err;
  }
  return view(record);
};
