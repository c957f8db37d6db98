import { profileRoutes } from '@proofmark/shared/contract/profile';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import { fetchOffice365Token, testMail } from '../domain/settings/connections/mail';
import { httpGroup } from './route-group';

/**
 * Send test email through the organisation's own mail server, and the Office 365 token it signs in
 * with: it carries the SMTP client (nodemailer), so it is a function of its own.
 */
export const handler = httpGroup(profileRoutes, {
  'POST /api/profile/test-mail': async ({ body }, { caller, user }) => ({
    message: m.testMailSent(await testMail(caller.orgId, user, body)),
  }),
  'POST /api/profile/office365-token': async (_input, { caller }) => ({
    message: m.office365TokenFetched,
    data: await fetchOffice365Token(caller.orgId),
  }),
});
