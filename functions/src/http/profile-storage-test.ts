import { profileRoutes } from '@proofmark/shared/contract/profile';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import { testStorage } from '../domain/settings/connections/storage';
import { httpGroup } from './route-group';

/**
 * Test connection of the storage settings: it carries a client for every storage a tenant may name
 * (S3, Azure Blob and Google Drive over REST, FTP), so it is a function of its own.
 */
export const handler = httpGroup(profileRoutes, {
  'POST /api/profile/test-storage': async ({ body }, { caller }) => {
    await testStorage(caller.orgId, body.key === 'saved' ? undefined : body);
    return { message: m.storageTestPassed };
  },
});
