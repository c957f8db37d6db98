/**
 * The kinds of attribute the entities declare, and the sets of attributes several kinds of record
 * share (`import * as attr from './attributes'`: `name: attr.requiredText`, `...attr.ownedByOrg`).
 */

export const text = { type: 'string' } as const;
export const requiredText = { type: 'string', required: true } as const;
/**
 * Given when the record is created and never changed: the attributes its key is built from, and
 * the attributes of records that are never updated.
 */
export const fixedText = { type: 'string', required: true, readOnly: true } as const;
export const number = { type: 'number' } as const;
export const requiredNumber = { type: 'number', required: true } as const;
export const fixedNumber = { type: 'number', required: true, readOnly: true } as const;
/** A fixed number written zero-padded to `length` digits in the key, so keys sort in numeric order. */
export const paddedNumber = <const L extends number>(length: L) =>
  ({ ...fixedNumber, padding: { length, char: '0' } }) as const;
export const texts = { type: 'list', items: { type: 'string' } } as const;

/** The tenant: the organisation that owns the record (its key starts with it, see `orgKey`). */
export const ownedByOrg = { orgId: fixedText } as const;

/**
 * The pending-job mark of a record whose job is unfinished (gsi2 `PENDING#<job>` and the time it
 * was queued, with the job's message: adapters/queue.ts); the local cloud queues such records'
 * jobs again after a restart, whatever their kind, so it is plain attributes, not an access pattern.
 */
export const pendingJobMark = { gsi2pk: text, gsi2sk: text, jobMessage: text } as const;

/** The progress of long work that the UI follows (runs, an upload's import). */
export const progress = {
  state: requiredText,
  total: requiredNumber,
  done: requiredNumber,
  message: requiredText,
} as const;
