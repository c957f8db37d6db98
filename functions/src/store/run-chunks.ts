import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

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
export const runChunks = defineEntity('runChunk', {
  attributes: {
    ...attr.ownedByOrg,
    runId: attr.fixedText,
    chunk: attr.paddedNumber(5),
    job: attr.requiredText,
    ...attr.pendingJobMark,
  },
  indexes: { byId: orgKey(keyPart('RUNCHUNK', 'runId', 'chunk')) },
});
