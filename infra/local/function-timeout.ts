/**
 * A function's timeout as Lambda enforces it, for the handlers the local cloud runs in its own
 * process. Lambda stops an invocation that overruns and reports "Task timed out": its caller (the
 * SQS event source, API Gateway) sees no result. Here the caller likewise stops waiting and the
 * late result is ignored; the work itself cannot be frozen in this process and runs on unobserved,
 * which the jobs' idempotency makes harmless (a redelivery does nothing twice).
 */
export type Invocation<T> = { timedOut: false; value: T } | { timedOut: true };

/** The context a handler gets, with the remaining time Lambda would report. */
export const invocationContext = (functionName: string, timeoutSeconds: number, extra = {}) => {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    functionName,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    ...extra,
  };
};

export const invokeWithTimeout = async <T>(
  timeoutSeconds: number,
  invoke: () => Promise<T>,
): Promise<Invocation<T>> => {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Invocation<T>>((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: true }), timeoutSeconds * 1000);
  });
  try {
    return await Promise.race([invoke().then((value) => ({ timedOut: false as const, value })), timedOut]);
  } finally {
    clearTimeout(timer);
  }
};
