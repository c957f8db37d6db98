import { profileRoutes } from '@proofmark/shared/contract/profile';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import { fetchOffice365Token, testMail, testStorage } from '../domain/connection-tests';
import { httpGroup } from './route-group';

/**
 * The settings' connection tests: they carry a client for every storage and mail service a tenant
 * may name (Azure, Google Drive, FTP, S3, SMTP, OAuth), so they are a function of their own and the
 * rest of /api/profile stays small.
 */
export const handler = httpGroup(profileRoutes, {
  'POST /api/profile/test-storage': async ({ body }, { caller }) => {
    await testStorage(caller.orgId, body.key === 'saved' ? undefined : body);
    return { message: m.storageTestPassed };
  },
  'POST /api/profile/test-mail': async ({ body }, { caller, user }) => ({
    message: m.testMailSent(await testMail(caller.orgId, user, body)),
  }),
  'POST /api/profile/office365-token': async (_input, { caller }) => ({
    message: m.office365TokenFetched,
    data: await fetchOffice365Token(caller.orgId),
  }),
});
