import { runInviteChunk } from '../domain/recipients/invite-job';
import { settleRowsChunkFailed } from '../domain/workspace/job-chunks';
import { sqsJob } from './sqs-job';

export const handler = sqsJob(
  'invite',
  // On the last delivery what is still uninvited is counted as the run's failure instead of retried.
  (msg, delivery) => runInviteChunk(msg, delivery.last),
  (msg, reason) => settleRowsChunkFailed(msg, reason, (r) => r.inviteRun === msg.runId),
);
