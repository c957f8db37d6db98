import type { MailKind } from '@proofmark/shared/mail-templates/rules';
import { mailTemplateMessages as m } from '@proofmark/shared/mail-templates/rules';
import { enqueueJob } from '../../adapters/queue';
import { createRun } from '../runs';
import { currentTemplate } from './versions';

/**
 * "Send a test to me": the cohort's template in use, filled for its sample recipient, mailed to
 * the caller the way the organisation's mail leaves now, by the mail-test job (test-mail-job.ts:
 * the text part and the SMTP client stay out of the HTTP function). Its run says how it went.
 */
export const startTestMail = async (orgId: string, kind: MailKind, cohortid: string, to: string) => {
  const { version } = await currentTemplate(orgId, kind, cohortid);
  const run = await createRun(orgId, 'mail-test', 1, { message: m.testQueued(to) });
  await enqueueJob('mail-test', { orgId, runId: run.id, kind, cohortid, version, to });
  return { to, runId: run.id };
};
