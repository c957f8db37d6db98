import { AppError } from '@proofmark/shared/errors';

/**
 * What a user reads on a record whose job gave up (the upload, the run): the refusal itself when
 * the job refused the work (4xx), else a sentence that says what happened without internals —
 * the cause and its stack are in the job's log and the message waits in the dead-letter queue.
 */
export const jobFailureReason = (err: unknown): string => {
  if (err instanceof AppError && err.status < 500) return err.message;
  return unreachable(err)
    ? 'A service it needs did not answer, so it stopped after several attempts. An operator can retry it.'
    : 'It failed on every attempt and has stopped. An operator can retry it once the cause is fixed.';
};

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** A dependency that did not answer (connection refused or reset, a timeout), at any depth of causes. */
const unreachable = (err: unknown, depth = 0): boolean => {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: string; name?: string; message?: string; cause?: unknown; errors?: unknown[] };
  if (e.code && networkCodes.has(e.code)) return true;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  if (/socket hang up|timed? ?out|ECONNREFUSED|ECONNRESET/i.test(e.message ?? '')) return true;
  return unreachable(e.cause, depth + 1) || (e.errors ?? []).some((x) => unreachable(x, depth + 1));
};
