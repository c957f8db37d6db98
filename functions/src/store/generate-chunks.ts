import * as attr from './attributes';
import { defineEntity, keyPart, orgKey } from './table';

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
export const generateChunks = defineEntity('generateChunk', {
  attributes: {
    ...attr.ownedByOrg,
    runId: attr.fixedText,
    /** 0, 1, 2… in the run; four digits in the key, so chunks sort in order. */
    chunk: attr.paddedNumber(4),
    certtype: attr.fixedText,
    /** The chunk's rows (`cohort=student`). */
    items: { ...attr.texts, required: true, readOnly: true },
    /**
     * The design version of each cohort of the run (`cohort=version`), fixed when the run started:
     * a design saved while the run goes on is not mixed into it.
     */
    designVersions: { ...attr.texts, readOnly: true },
    completedAt: attr.text,
    failed: attr.number,
    errors: attr.texts,
    ...attr.pendingJobMark,
  },
  indexes: { byRun: orgKey(keyPart('GENCHUNK', 'runId', 'chunk')) },
});
