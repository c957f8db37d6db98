import { mailTemplatesRoutes } from '@proofmark/shared/contract/mail-templates';
import { mailTemplateMessages as m } from '@proofmark/shared/mail-templates/rules';
import { composeSample } from '../domain/mail/samples';
import { startTestMail } from '../domain/mail/test-mail';
import { saveTemplate } from '../domain/mail/templates';
import { currentTemplate } from '../domain/mail/versions';
import { httpGroup } from './route-group';

/** A cohort's mail templates (spec §2.4): read, save a version, preview with a sample recipient, test. */
export const handler = httpGroup(mailTemplatesRoutes, {
  'GET /api/mail-templates': async ({ query }, { caller }) => ({
    data: await currentTemplate(caller.orgId, query.kind, query.cohort),
  }),
  'POST /api/mail-templates': async ({ body }, { caller, user }) => ({
    message: m.saved,
    data: await saveTemplate(caller.orgId, body.kind, body.cohort, body, user.email),
  }),
  'POST /api/mail-templates/preview': async ({ body }, { caller }) => {
    const mail = await composeSample(caller.orgId, body.kind, body.cohort, body, 'preview');
    return { data: { subject: mail.subject, html: mail.html, sample: mail.sample } };
  },
  'POST /api/mail-templates/test': async ({ body }, { caller, user }) => ({
    status: 202,
    message: m.testQueued(user.email),
    data: await startTestMail(caller.orgId, body.kind, body.cohort, user.email),
  }),
});
