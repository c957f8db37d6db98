import { demoRoutes } from '@proofmark/shared/contract/demo';
import { demoMessages as m } from '@proofmark/shared/demo/messages';
import { functionConfig } from '../adapters/function-config';
import { submitDemoRequest } from '../domain/demo/requests';
import { demoProgress, sendDemoCertificateMail, sendDemoInvitation, startDemo } from '../domain/demo/wizard';
import { sourceIpOf } from './event';
import { httpGroup } from './route-group';

/** The live demo and the demo request: anyone may call them (limits in domain/demo/limits.ts). */
export const handler = httpGroup(demoRoutes, {
  // The request is stored whatever happens; a failed team mail is the visitor's to know (502, not "internal error").
  'POST /api/demo/requests': async ({ body }, { event }) =>
    (await submitDemoRequest(body, sourceIpOf(event), functionConfig().productTeamEmail))
      ? { message: m.requestReceived }
      : { status: 502, message: m.requestFailed },
  'POST /api/demo/recipients': async ({ body }, { event }) => ({
    message: m.recipientAdded,
    data: await startDemo(body, sourceIpOf(event)),
  }),
  'POST /api/demo/progress': async ({ body }, { event }) => ({
    data: await demoProgress(body, sourceIpOf(event)),
  }),
  'POST /api/demo/invitation': async ({ body }, { event }) => ({
    message: m.invitationSent,
    data: await sendDemoInvitation(body, sourceIpOf(event)),
  }),
  'POST /api/demo/certificate-mail': async ({ body }, { event }) => ({
    message: m.certificateMailSent,
    data: await sendDemoCertificateMail(body, sourceIpOf(event)),
  }),
});
