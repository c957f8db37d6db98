import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { APIGatewayProxyStructuredResultV2, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { HttpEvent } from '../../functions/src/http/event';
import type { JobDef, JobName } from '../../functions/src/jobs';
import { jobNames, jobs } from '../../functions/src/jobs';
import { routeGroups } from '../../functions/src/routes';
import type { WorkerAnswer, WorkerCall, WorkerSetup } from './function-worker';

interface Running {
  worker: Worker;
  pending: Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>;
}

interface FunctionSpec {
  /** The handler's entry: `http/<group>` or `jobs/<job>` (infra/bundling.ts names them so). */
  entry: string;
  functionName: string;
  timeoutSeconds: number;
}

/** The environment variable that hands the bundles' folder (function-bundles.ts) to every thread. */
export const BUNDLES_ENV = 'PROOFMARK_LOCAL_FUNCTIONS';

/** An entry's file in the bundles' folder: `http/<group>`, `jobs/<job>`, `function-worker`. */
export const bundleFile = (dir: string, name: string) => path.join(dir, `${name}.mjs`);

/**
 * How a worker loads its handler: from the bundles the cloud built at its start (function-bundles.ts,
 * named by BUNDLES_ENV), or, where no cloud built them (a test of this module), from the
 * TypeScript through tsx.
 */
const workerOf = (entry: string, setup: Omit<WorkerSetup, 'entry' | 'module'>): Worker => {
  const bundles = process.env[BUNDLES_ENV];
  if (bundles)
    return new Worker(bundleFile(bundles, 'function-worker'), {
      workerData: {
        entry: pathToFileURL(bundleFile(bundles, 'function-worker')).href,
        module: pathToFileURL(bundleFile(bundles, entry)).href,
        ...setup,
      } satisfies WorkerSetup,
    });
  return new Worker(new URL('./tsx-worker.mjs', import.meta.url), {
    workerData: {
      entry: new URL('./function-worker.ts', import.meta.url).href,
      module: new URL(`../../functions/src/${entry}.ts`, import.meta.url).href,
      ...setup,
    } satisfies WorkerSetup,
  });
};

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
  let stopped = false;

  const start = (name: string): Promise<Running> => {
    const started: Promise<Running> = new Promise((resolve, reject) => {
      const { entry, functionName, timeoutSeconds } = spec(name);
      const worker = workerOf(entry, { functionName, timeoutSeconds });
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

  /**
   * Starts the function's worker ahead of its first call (a warm-up), unless it runs already or
   * everything is stopping. A worker that cannot start is left for its first call to report.
   */
  const warm = async (name: string): Promise<void> => {
    if (stopped || running.has(name)) return;
    await start(name).catch(() => undefined);
  };

  /** Each worker is asked to exit (function-worker.ts), and ended after 5 s if it has not. */
  const stop = async () => {
    stopped = true;
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

  /** The functions whose worker is started or starting. */
  const started = () => [...running.keys()];

  return { load, warm, started, stop };
};

/** Warms the named functions one after another: one load at a time keeps a core for real calls. */
const warmInTurn = async (warm: (name: string) => Promise<void>, names: readonly string[]) => {
  for (const name of names) await warm(name);
};

/**
 * Areas one screen calls together beside their own: the recipients screen uploads a sheet (the
 * uploads group) and then lists what it imported (recipients). Measured: the first page read after
 * a 10,000-row import waited 1.0 s for its group's cold start, the next ones 16 ms.
 */
const sameScreen: Readonly<Record<string, string>> = { uploads: 'recipients' };

/** A group's URL area: `workspace` for `workspace-issuing` (routes.ts names split groups so). */
const areaOf = (group: string) => {
  const area = group.split('-')[0]!;
  return sameScreen[area] ?? area;
};

/**
 * The HTTP route groups (functions/src/http/<group>.ts), each with the gateway's timeout. The
 * first call of an area's group also warms the area's other groups (a local-cloud choice): a page
 * that calls one of them calls the others next — the workspace lists and generates, then issues
 * and sends — and a worker's cold start here (loading a group's bundle, most of a second) would
 * otherwise be waited for by the page.
 */
export const functionWorkers = (timeoutSeconds: number) => {
  const http = workers<HttpEvent, APIGatewayProxyStructuredResultV2>((group) => ({
    entry: `http/${group}`,
    functionName: `local-${group}`,
    timeoutSeconds,
  }));
  const areasWarmed = new Set<string>();
  const warmArea = (group: string) => {
    const area = areaOf(group);
    if (areasWarmed.has(area)) return;
    areasWarmed.add(area);
    const siblings = routeGroups.filter((g) => g !== group && areaOf(g) === area);
    if (siblings.length) void warmInTurn(http.warm, siblings);
  };
  return {
    loadGroup: async (group: string) => {
      const handler = await http.load(group);
      warmArea(group);
      return (event: HttpEvent) => handler(event, event.requestContext.requestId);
    },
    started: http.started,
    stop: http.stop,
  };
};

/** A job's worker for one polling loop: `send` for the first, `send#1`… for the others. */
const instanceOf = (name: JobName, slot: number) => (slot === 0 ? name : `${name}#${slot}`);
const jobOfInstance = (instance: string) => instance.split('#')[0] as JobName;

/**
 * The jobs (functions/src/jobs/<job>.ts), each with its timeout as the stack deploys it; `names`
 * are the jobs it runs (all of jobs.ts unless a test says fewer).
 */
export const jobWorkers = (names: readonly JobName[] = jobNames) => {
  const job = workers<SQSEvent, SQSBatchResponse | void>((instance) => {
    const name = jobOfInstance(instance);
    return {
      entry: `jobs/${name}`,
      functionName: `local-job-${name}`,
      timeoutSeconds: jobs[name].timeoutSeconds,
    };
  });
  return {
    /**
     * The handler of one of the job's polling loops. A job that runs several batches at once
     * (jobs.ts `concurrency`) gets a worker per loop, as Lambda runs each concurrent batch in a
     * sandbox of its own: its batches no longer share one thread (one core).
     */
    loadJob: async (name: JobName, slot = 0) => {
      const handler = await job.load(instanceOf(name, slot));
      return (event: SQSEvent) => handler(event);
    },
    /**
     * Starts every job's workers, one after another, so that no job's first message waits for a
     * cold start (a local-cloud choice, see functionWorkers): called once the cloud is up.
     */
    warmAll: () =>
      warmInTurn(
        job.warm,
        names.flatMap((name) =>
          Array.from({ length: (jobs[name] as JobDef).concurrency ?? 1 }, (_, slot) =>
            instanceOf(name, slot),
          ),
        ),
      ),
    started: job.started,
    stop: job.stop,
  };
};
