import * as z from 'zod';
import { runIssueJob } from '../domain/workspace/issue-job';
import { sqsJob } from './kit';

/** Builds the batch of one issue or bake request (now, or when its schedule delivers it). */
export const handler = sqsJob(
  'issue',
  z.object({ orgId: z.string().min(1), runId: z.string().min(1) }),
  (msg) => runIssueJob(msg.orgId, msg.runId),
);
