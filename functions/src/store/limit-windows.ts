import * as attr from './attributes';
import { defineEntity, keyPart, primaryKey, written } from './table';

/**
 * Fixed-window counters (rate limits, sign-in failures), kept in the table so a limit holds the same
 * on one machine and in AWS and across concurrent Lambdas. Each window is its own item, keyed by
 * the counter's name (`bucket`) and the window's start, counted with one atomic update and removed
 * by TTL once it ended.
 *
 * | access pattern | key                                    |
 * |----------------|----------------------------------------|
 * | byWindow       | LIMIT#<bucket>#<window start> / LIMIT  |
 */
export const limitWindows = defineEntity('limitWindow', {
  attributes: {
    bucket: attr.fixedText,
    /** Epoch seconds, a multiple of the window's length. */
    start: attr.fixedNumber,
    uses: attr.number,
    /** TTL: the window's end (epoch seconds). */
    expiresAt: attr.number,
  },
  indexes: { byWindow: primaryKey(keyPart('LIMIT', 'bucket', 'start'), keyPart('LIMIT')) },
});

export interface Limit {
  /** How many in one window. */
  max: number;
  windowSeconds: number;
}

const windowOf = (bucket: string, limit: Limit) => {
  const now = Math.floor(Date.now() / 1000);
  const start = now - (now % limit.windowSeconds);
  return { key: { bucket, start }, end: start + limit.windowSeconds };
};

/**
 * What a counter can be asked: `take` (one use if the window has room), `count` (one use, no
 * ceiling), `used` (so far in this window) and `clear` (this window starts afresh).
 */
export const windowCounter = {
  /** Counts one use; false (and nothing counted) when the window already holds `max`. */
  take: (bucket: string, limit: Limit): Promise<boolean> => {
    const { key, end } = windowOf(bucket, limit);
    return written(
      limitWindows()
        .update(key)
        .add({ uses: 1 })
        .set({ expiresAt: end })
        .where(({ uses }, { notExists, lt }) => `${notExists(uses)} OR ${lt(uses, limit.max)}`)
        .go(),
    );
  },

  /** Counts one use without a ceiling and answers the count (for delays that grow with it). */
  count: async (bucket: string, limit: Limit): Promise<number> => {
    const { key, end } = windowOf(bucket, limit);
    const out = await limitWindows()
      .update(key)
      .add({ uses: 1 })
      .set({ expiresAt: end })
      .go({ response: 'updated_new' });
    return Number(out.data?.uses ?? 1);
  },

  used: async (bucket: string, limit: Limit): Promise<number> => {
    const out = await limitWindows().get(windowOf(bucket, limit).key).go({ consistent: true });
    return Number(out.data?.uses ?? 0);
  },

  clear: async (bucket: string, limit: Limit): Promise<void> => {
    await limitWindows().delete(windowOf(bucket, limit).key).go();
  },
};
