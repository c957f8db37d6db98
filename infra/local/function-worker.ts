import { parentPort, workerData } from 'node:worker_threads';
import { invocationContext } from './function-timeout';
import type { HttpEvent } from '../../functions/src/http/event';

/** What function-workers.ts sends a group's worker, and what the worker answers. */
export interface WorkerCall {
  id: number;
  event: HttpEvent;
}
export type WorkerAnswer =
  { id: number; result: unknown } | { id: number; error: { name: string; message: string; stack?: string } };
export interface WorkerSetup {
  /** This module's URL, for tsx-worker.mjs. */
  entry: string;
  group: string;
  timeoutSeconds: number;
}

const { group, timeoutSeconds } = workerData as WorkerSetup;
const { handler } = (await import(`../../functions/src/http/${group}.ts`)) as {
  handler: (event: HttpEvent, context: unknown) => Promise<unknown>;
};
const port = parentPort!;
const functionName = `local-${group}`;

port.on('message', (call: WorkerCall) => {
  const context = invocationContext(functionName, timeoutSeconds, {
    awsRequestId: call.event.requestContext.requestId,
  });
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
