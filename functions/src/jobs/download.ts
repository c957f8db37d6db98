import * as z from 'zod';
import { runDownload } from '../domain/workspace/download-job';
import { sqsJob } from './kit';

export const handler = sqsJob(
  'download',
  z.object({
    orgId: z.string().min(1),
    runId: z.string().min(1),
    chunk: z.number().int().min(0),
    certtype: z.string().min(1),
  }),
  (msg) => runDownload(msg),
);
