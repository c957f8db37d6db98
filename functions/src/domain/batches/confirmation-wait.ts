/*
 * How long the anchoring job looks again for its transaction's confirmations after sending it. A
 * chain that mines at once (the local dev chain) still answers the send before the receipt exists;
 * giving up at once meant a retry seconds later, after whatever the job queue held meanwhile (a
 * status list's first edition waited for a whole batch's hashing, and that batch then for it).
 */
export const CONFIRMATION_WAIT_MS = 3000;
const CONFIRMATION_STEP_MS = 100;

type Confirmations = { confirmations: number; blockTime?: number; blockNumber?: number } | undefined;

/**
 * Reads the confirmations until there are `required` of them or `waitMs` has passed; answers the
 * last reading (the caller decides what too few means). A real chain's blocks are seconds apart:
 * there it costs at most `waitMs` before the retry it would have come to anyway.
 */
export const confirmationsWithin = async (
  read: () => Promise<Confirmations>,
  required: number,
  waitMs = CONFIRMATION_WAIT_MS,
  stepMs = CONFIRMATION_STEP_MS,
): Promise<Confirmations> => {
  const until = Date.now() + waitMs;
  for (;;) {
    const conf = await read();
    if ((conf && conf.confirmations >= required) || Date.now() + stepMs > until) return conf;
    await new Promise((r) => setTimeout(r, stepMs));
  }
};
