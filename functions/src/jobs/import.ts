import * as z from 'zod';
import { runImport } from '../domain/uploads';
import { sqsJob } from './kit';

/** A large upload: a refusal is recorded on the upload (and not retried); other failures are retried. */
export const handler = sqsJob(
  'import',
  z.object({ orgId: z.string().min(1), uploadId: z.string().min(1) }),
  (msg) => runImport(msg.orgId, msg.uploadId, { rethrow: false }),
);
