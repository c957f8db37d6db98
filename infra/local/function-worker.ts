import { parentPort, workerData } from 'node:worker_threads';
import { invocationContext } from './function-timeout';

/** What function-workers.ts sends a function's worker, and what the worker answers. */
export interface WorkerCall {
  id: number;
  event: unknown;
  requestId?: string;
}
export type WorkerAnswer =
  { id: number; result: unknown } | { id: number; error: { name: string; message: string; stack?: string } };
export interface WorkerSetup {
  /** This module's URL, for tsx-worker.mjs. */
  entry: string;
  /** The handler's module (a file URL): an HTTP route group or a job. */
  module: string;
  functionName: string;
  timeoutSeconds: number;
}

const { module, functionName, timeoutSeconds } = workerData as WorkerSetup;
const { handler } = (await import(module)) as {
  handler: (event: unknown, context: unknown) => Promise<unknown>;
};
const port = parentPort!;

// The context is made here: its getRemainingTimeInMillis cannot cross threads.
port.on('message', (call: WorkerCall | 'stop') => {
  // Ended by its own exit, not only terminated: what the handler launched (a renderer's Chromium)
  // is ended by its process 'exit' listeners, which a terminated thread never runs — and a thread
  // gets no signals, so the browser would outlive the product.
  if (call === 'stop') process.exit(0);
  const context = invocationContext(
    functionName,
    timeoutSeconds,
    call.requestId ? { awsRequestId: call.requestId } : {},
  );
  handler(call.event, context).then(
    (result) => port.postMessage({ id: call.id, result } satisfies WorkerAnswer),
    (err: Error) =>
      port.postMessage({
        id: call.id,
        error: { name: err?.name ?? 'Error', message: String(err?.message ?? err), stack: err?.stack },
      } satisfies WorkerAnswer),
  );
});
port.postMessage('ready');
