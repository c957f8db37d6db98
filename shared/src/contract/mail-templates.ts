import * as z from 'zod';
import {
  MAX_SUBJECT_LENGTH,
  MAX_TEMPLATE_HTML_LENGTH,
  mailKinds,
  mailTemplateMessages,
} from '../mail-templates/rules';
import { anyMember, defineRoutes, writer } from './define';

export { mailTemplateMessages };

const cohort = z.string().trim().min(1, 'Please select cohort.').max(200);
const kind = z.enum(mailKinds);
export const mailTemplateQuery = z.object({ cohort, kind });

/** A template as the editor shows it: saved (version ≥ 1) or the default (version 0). */
export const mailTemplateView = z.object({
  kind,
  version: z.number().int().min(0),
  subject: z.string(),
  html: z.string(),
  savedAt: z.string(),
  savedBy: z.string(),
  isDefault: z.boolean(),
});
export type MailTemplateView = z.infer<typeof mailTemplateView>;

// Over-long input gets the template's own message (templateProblem), checked after sanitising.
const templateText = {
  subject: z.string().max(MAX_SUBJECT_LENGTH * 2),
  html: z.string().max(MAX_TEMPLATE_HTML_LENGTH * 2),
};
/** §2.4 Next: ismailtemplate true, mail_type, subject, mail_content — here `kind`, `subject`, `html`. */
export const saveMailTemplateRequest = z.object({ cohort, kind, ...templateText });
export const previewMailTemplateRequest = saveMailTemplateRequest;
export const mailPreview = z.object({
  subject: z.string(),
  html: z.string(),
  /** Whose values filled it: a recipient of the cohort, or a made-up one when it has none. */
  sample: z.object({ firstname: z.string(), email: z.string(), fromCohort: z.boolean() }),
});
export const testMailTemplateRequest = z.object({ cohort, kind });
export const testMailData = z.object({ to: z.string(), runId: z.string() });

/** /api/mail-templates: the mails an organisation writes for each cohort (spec §2.4). */
export const mailTemplatesRoutes = defineRoutes({
  'GET /api/mail-templates': { access: anyMember, query: mailTemplateQuery, data: mailTemplateView },
  'POST /api/mail-templates': {
    access: writer('changetemplatecontent'),
    body: saveMailTemplateRequest,
    maxBodyLength: 300_000,
    data: mailTemplateView,
  },
  'POST /api/mail-templates/preview': {
    access: anyMember,
    body: previewMailTemplateRequest,
    maxBodyLength: 300_000,
    data: mailPreview,
  },
  // The cohort's saved template (or the default) to the caller, the way mail leaves now; 202 with
  // the run that says how it went.
  'POST /api/mail-templates/test': {
    access: writer('changetemplatecontent'),
    body: testMailTemplateRequest,
    data: testMailData,
  },
});
