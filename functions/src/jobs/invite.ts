import * as z from 'zod';
import { runInviteChunk } from '../domain/invitations';
import { sqsJob } from './kit';

export const handler = sqsJob(
  'invite',
  z.object({
    orgId: z.string().min(1),
    certtype: z.string().min(1),
    runId: z.string().min(1),
    items: z.array(z.string()).min(1),
  }),
  (msg) => runInviteChunk(msg.orgId, msg.certtype, msg.runId, msg.items),
);
