import { invitationsRoutes } from '@proofmark/shared/contract/invitations';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { inviteSelection, previewInvitations } from '../domain/recipients/invitations';
import { httpGroup } from './route-group';

export const handler = httpGroup(invitationsRoutes, {
  'POST /api/invitations/preview': async ({ body }, { caller }) => ({
    data: await previewInvitations(caller.orgId, body.certtype, body.selectedItems),
  }),
  'POST /api/invitations': async ({ body }, { caller }) => {
    const result = await inviteSelection(caller.orgId, body.certtype, body.selectedItems);
    return result.queued
      ? { status: 202, message: m.pleaseWait, data: result }
      : { message: m.invitationsSent, data: result };
  },
});
