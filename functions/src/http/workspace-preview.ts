import { workspaceRoutes } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { previewCertificates, validateCertificates } from '../domain/workspace/preview';
import { httpGroup } from './route-group';

/**
 * The workspace's preview and validation: each renders the certificate's design to HTML (the
 * designs, the renderer and its QR codes, with the fonts beside the bundle), a group apart so the
 * workspace's lists and runs stay small.
 */
export const handler = httpGroup(workspaceRoutes, {
  'POST /api/workspace/preview': async ({ body }, { caller }) => ({
    data: await previewCertificates(caller.orgId, body),
  }),
  'POST /api/workspace/validate': async ({ body }, { caller }) => ({
    message: m.validated,
    data: await validateCertificates(caller.orgId, body),
  }),
});
