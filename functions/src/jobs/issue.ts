import { runIssueJob, settleIssueFailed } from '../domain/workspace/issue/job';
import { sqsJob } from './sqs-job';

/** Builds the batch of one issue or bake request (now, or when its schedule delivers it). */
export const handler = sqsJob(
  'issue',
  (msg) => runIssueJob(msg.orgId, msg.runId),
  (msg, reason) => settleIssueFailed(msg.orgId, msg.runId, reason),
);
