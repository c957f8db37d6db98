import { defineEntity, primaryKey, SERVICE } from './table';

/**
 * One chunk (up to 100 rows) of a generate run: what the `generate` job renders for one message,
 * and, once finished, its failures (the run's are recomputed from all its chunks). While unfinished
 * it carries the pending-job mark (`gsi2pk` = `PENDING#generate`, `gsi2sk`, `jobMessage`: see
 * adapters/queue.ts), so a local cloud that lost its queue queues it again; finishing removes it.
 *
 * | access pattern | key                                      |
 * |----------------|------------------------------------------|
 * | byRun          | ORG#<org> / GENCHUNK#<run>#<nnnn>        |
 */
export const generateChunks = defineEntity({
  model: { entity: 'generateChunk', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    runId: { type: 'string', required: true, readOnly: true },
    /** 0, 1, 2… in the run; four digits in the key, so chunks sort in order. */
    chunk: { type: 'number', required: true, readOnly: true, padding: { length: 4, char: '0' } },
    certtype: { type: 'string', required: true, readOnly: true },
    /** The chunk's rows (`cohort=student`). */
    items: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
    completedAt: { type: 'string' },
    failed: { type: 'number' },
    errors: { type: 'list', items: { type: 'string' } },
    gsi2pk: { type: 'string' },
    gsi2sk: { type: 'string' },
    jobMessage: { type: 'string' },
  },
  indexes: {
    byRun: primaryKey(
      { template: 'ORG#${orgId}', composite: ['orgId'] },
      { template: 'GENCHUNK#${runId}#${chunk}', composite: ['runId', 'chunk'] },
    ),
  },
});
