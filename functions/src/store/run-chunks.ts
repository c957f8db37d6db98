import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * One queued piece of a run's work (a chunk of rows to send or invite, a download to build): it
 * carries the job's message under the pending-job mark (gsi2 `PENDING#<job>`, adapters/queue.ts),
 * so a local cloud that lost its queue queues it again (infra/local/resume-jobs.ts), and it is
 * deleted when the piece is settled (domain/workspace/job-chunks.ts).
 *
 * | access pattern | key                                 |
 * |----------------|-------------------------------------|
 * | byId           | ORG#<org> / RUNCHUNK#<run>#<nnnnn>  |
 */
export const runChunks = defineEntity({
  model: { entity: 'runChunk', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    runId: { type: 'string', required: true, readOnly: true },
    chunk: { type: 'number', required: true, readOnly: true, padding: { length: 5, char: '0' } },
    job: { type: 'string', required: true },
    gsi2pk: { type: 'string' },
    gsi2sk: { type: 'string' },
    jobMessage: { type: 'string' },
  },
  indexes: {
    byId: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'RUNCHUNK#${runId}#${chunk}', composite: ['runId', 'chunk'] },
    ),
  },
});
