import { runImport, settleImportFailed } from '../domain/uploads/import';
import { sqsJob } from './sqs-job';

/** A large upload: a refusal is recorded on the upload (and not retried); other failures are retried. */
export const handler = sqsJob(
  'import',
  (msg) => runImport(msg.orgId, msg.uploadId, { rethrow: false }),
  (msg, reason) => settleImportFailed(msg.orgId, msg.uploadId, reason),
);
