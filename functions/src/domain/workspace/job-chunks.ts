import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../../adapters/aws-dynamo';
import { enqueueJob, pendingJobMark } from '../../adapters/queue';
import { functionConfig } from '../../adapters/function-config';
import { conditionHolds } from '../../adapters/table';
import type { JobName } from '../../jobs';

/**
 * One queued piece of a run (a chunk of rows to send, a download to build): a record that carries
 * the job message under the pending-job mark, so a local cloud that lost its queue re-enqueues it
 * (infra/local/resume-jobs.ts). The job deletes the record when the piece is finished; the one
 * delivery whose delete succeeds is the one that settles the piece (counts its failures), so a
 * redelivered message cannot count twice.
 */
const chunkKey = (orgId: string, runId: string, n: number) => ({
  pk: `ORG#${orgId}`,
  sk: `RUNCHUNK#${runId}#${String(n).padStart(5, '0')}`,
});

export interface ChunkMessage extends Record<string, unknown> {
  orgId: string;
  runId: string;
  chunk: number;
}

/** Records the piece, then queues it (a crash between the two is repaired by the resume at start). */
export const queueChunk = async (job: JobName, message: ChunkMessage) => {
  await dynamoClient().send(
    new PutCommand({
      TableName: functionConfig().tableName,
      Item: {
        ...chunkKey(message.orgId, message.runId, message.chunk),
        type: 'run-chunk',
        job,
        ...pendingJobMark(job, message),
      },
    }),
  );
  await enqueueJob(job, message);
};

/** True for the one delivery that finished the piece; false when another delivery already did. */
export const settleChunk = (message: ChunkMessage): Promise<boolean> =>
  conditionHolds(
    dynamoClient().send(
      new DeleteCommand({
        TableName: functionConfig().tableName,
        Key: chunkKey(message.orgId, message.runId, message.chunk),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );
