import { Worker } from 'node:worker_threads';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { HttpEvent } from '../../functions/src/http/event';
import type { WorkerAnswer, WorkerCall, WorkerSetup } from './function-worker';

type GroupHandler = (event: HttpEvent) => Promise<APIGatewayProxyStructuredResultV2>;

interface Running {
  worker: Worker;
  pending: Map<
    number,
    { resolve: (r: APIGatewayProxyStructuredResultV2) => void; reject: (e: Error) => void }
  >;
}

/**
 * Each HTTP route group runs in a worker thread of its own, as each is its own Lambda function in
 * AWS: a group's load (a page of a large cohort, a sign-in) no longer holds up another group's
 * calls, nor the local servers and jobs on the main thread. A group's worker starts on its first
 * call (a cold start) and serves every later call, concurrent ones interleaved as in one Lambda
 * sandbox. A worker that dies fails its calls in flight and is started again on the next call.
 */
export const functionWorkers = (timeoutSeconds: number) => {
  const groups = new Map<string, Promise<Running>>();
  let nextId = 1;

  const start = (group: string): Promise<Running> => {
    const started: Promise<Running> = new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./tsx-worker.mjs', import.meta.url), {
        workerData: {
          entry: new URL('./function-worker.ts', import.meta.url).href,
          group,
          timeoutSeconds,
        } satisfies WorkerSetup,
      });
      const running: Running = { worker, pending: new Map() };
      worker.on('message', (msg: WorkerAnswer | 'ready') => {
        if (msg === 'ready') return resolve(running);
        const call = running.pending.get(msg.id);
        if (!call) return;
        running.pending.delete(msg.id);
        if ('result' in msg) call.resolve(msg.result as APIGatewayProxyStructuredResultV2);
        else call.reject(Object.assign(new Error(msg.error.message), msg.error));
      });
      const gone = (err: Error) => {
        // An error is followed by an exit: by then the next call may have started a new worker.
        if (groups.get(group) === started) groups.delete(group);
        reject(err);
        for (const call of running.pending.values()) call.reject(err);
        running.pending.clear();
      };
      worker.on('error', gone);
      worker.on('exit', (code) => gone(new Error(`the ${group} function's worker exited (${code})`)));
    });
    groups.set(group, started);
    return started;
  };

  /** The group's handler; the gateway asks for it on every call, so a dead worker is replaced then. */
  const loadGroup = async (group: string): Promise<GroupHandler> => {
    const running = await (groups.get(group) ?? start(group));
    return (event) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        running.pending.set(id, { resolve, reject });
        running.worker.postMessage({ id, event } satisfies WorkerCall);
      });
  };

  const stop = async () => {
    const all = [...groups.values()];
    groups.clear();
    await Promise.all(all.map((p) => p.then((r) => r.worker.terminate()).catch(() => undefined)));
  };

  return { loadGroup, stop };
};
