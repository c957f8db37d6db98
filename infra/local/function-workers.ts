import { Worker } from 'node:worker_threads';
import type { APIGatewayProxyStructuredResultV2, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { HttpEvent } from '../../functions/src/http/event';
import type { JobName } from '../../functions/src/jobs';
import { jobs } from '../../functions/src/jobs';
import type { WorkerAnswer, WorkerCall, WorkerSetup } from './function-worker';

interface Running {
  worker: Worker;
  pending: Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>;
}

interface FunctionSpec {
  /** The handler's module. */
  module: URL;
  functionName: string;
  timeoutSeconds: number;
}

/**
 * Each function runs in a worker thread of its own, as each is its own Lambda function in AWS: a
 * function's load (a page of a large cohort, a sign-in, a chunk of mails) no longer holds up
 * another's calls, nor the gateway on the main thread. A function's worker starts on its first
 * call (a cold start) and serves every later call, concurrent ones interleaved as in one Lambda
 * sandbox. A worker that dies fails its calls in flight and is started again on the next call.
 */
const workers = <E, R>(spec: (name: string) => FunctionSpec) => {
  const running = new Map<string, Promise<Running>>();
  let nextId = 1;

  const start = (name: string): Promise<Running> => {
    const started: Promise<Running> = new Promise((resolve, reject) => {
      const { module, functionName, timeoutSeconds } = spec(name);
      const worker = new Worker(new URL('./tsx-worker.mjs', import.meta.url), {
        workerData: {
          entry: new URL('./function-worker.ts', import.meta.url).href,
          module: module.href,
          functionName,
          timeoutSeconds,
        } satisfies WorkerSetup,
      });
      const run: Running = { worker, pending: new Map() };
      worker.on('message', (msg: WorkerAnswer | 'ready') => {
        if (msg === 'ready') return resolve(run);
        const call = run.pending.get(msg.id);
        if (!call) return;
        run.pending.delete(msg.id);
        if ('result' in msg) call.resolve(msg.result);
        else call.reject(Object.assign(new Error(msg.error.message), msg.error));
      });
      const gone = (err: Error) => {
        // An error is followed by an exit: by then the next call may have started a new worker.
        if (running.get(name) === started) running.delete(name);
        reject(err);
        for (const call of run.pending.values()) call.reject(err);
        run.pending.clear();
      };
      worker.on('error', gone);
      worker.on('exit', (code) => gone(new Error(`the ${name} function's worker exited (${code})`)));
    });
    running.set(name, started);
    return started;
  };

  /** The function's handler; asked for on every call, so a dead worker is replaced then. */
  const load = async (name: string): Promise<(event: E, requestId?: string) => Promise<R>> => {
    const run = await (running.get(name) ?? start(name));
    return (event, requestId) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        run.pending.set(id, { resolve: resolve as (r: unknown) => void, reject });
        run.worker.postMessage({ id, event, requestId } satisfies WorkerCall);
      });
  };

  /** Each worker is asked to exit (function-worker.ts), and ended after 5 s if it has not. */
  const stop = async () => {
    const all = [...running.values()];
    running.clear();
    const end = async ({ worker }: Running) => {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.postMessage('stop');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000).unref())]);
      await worker.terminate();
    };
    await Promise.all(all.map((p) => p.then(end).catch(() => undefined)));
  };

  return { load, stop };
};

/** The HTTP route groups (functions/src/http/<group>.ts), each with the gateway's timeout. */
export const functionWorkers = (timeoutSeconds: number) => {
  const http = workers<HttpEvent, APIGatewayProxyStructuredResultV2>((group) => ({
    module: new URL(`../../functions/src/http/${group}.ts`, import.meta.url),
    functionName: `local-${group}`,
    timeoutSeconds,
  }));
  return {
    loadGroup: async (group: string) => {
      const handler = await http.load(group);
      return (event: HttpEvent) => handler(event, event.requestContext.requestId);
    },
    stop: http.stop,
  };
};

/** The jobs (functions/src/jobs/<job>.ts), each with its timeout as the stack deploys it. */
export const jobWorkers = () => {
  const job = workers<SQSEvent, SQSBatchResponse | void>((name) => ({
    module: new URL(`../../functions/src/jobs/${name}.ts`, import.meta.url),
    functionName: `local-job-${name}`,
    timeoutSeconds: jobs[name as JobName].timeoutSeconds,
  }));
  return {
    loadJob: async (name: JobName) => {
      const handler = await job.load(name);
      return (event: SQSEvent) => handler(event);
    },
    stop: job.stop,
  };
};
