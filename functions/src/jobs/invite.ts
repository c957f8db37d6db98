import * as z from 'zod';
import { jobs } from '../jobs';
import { runInviteChunk } from '../domain/invitations';
import { sqsJob } from './kit';

export const handler = sqsJob(
  'invite',
  z.object({
    orgId: z.string().min(1),
    runId: z.string().min(1),
    chunk: z.number().int().min(0),
    certtype: z.string().min(1),
    items: z.array(z.string()).min(1),
  }),
  // On the last delivery what is still uninvited is counted as the run's failure instead of retried.
  (msg, record) =>
    runInviteChunk(
      msg,
      Number(record.attributes?.ApproximateReceiveCount ?? 1) >= jobs.invite.maxReceiveCount,
    ),
);
