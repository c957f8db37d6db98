import { runDownload, settleDownloadFailed } from '../domain/workspace/download-job';
import { sqsJob } from './sqs-job';

export const handler = sqsJob('download', (msg) => runDownload(msg), settleDownloadFailed);
