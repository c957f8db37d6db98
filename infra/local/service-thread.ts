import { parentPort, Worker } from 'node:worker_threads';

/**
 * A part of the local cloud that runs in a worker thread of its own (the stand-in servers, the
 * queue pollers), off the gateway's event loop. The thread answers `{ ready }` once started or
 * `{ error }`; any other message goes to `onMessage`. Stopping asks the thread to stop what it
 * started, then ends it (what does not stop within 5 s ends with the thread).
 */
type Answer<R> = { ready: R } | { error: { message: string; stack?: string } } | 'stopped';

export const startServiceThread = <R>(
  name: string,
  entry: URL,
  data: Record<string, unknown>,
  onMessage: (msg: unknown) => void = () => undefined,
) =>
  new Promise<{ ready: R; stop: () => Promise<void>; post: (msg: unknown) => void }>((resolve, reject) => {
    const worker = new Worker(new URL('./tsx-worker.mjs', import.meta.url), {
      workerData: { ...data, entry: entry.href },
    });
    let stopped: (() => void) | undefined;
    let stopping = false;
    worker.on('message', (msg: Answer<R> | unknown) => {
      if (msg === 'stopped') return stopped?.();
      if (msg && typeof msg === 'object' && 'error' in msg) {
        const { error } = msg as { error: { message: string; stack?: string } };
        void worker.terminate();
        return reject(Object.assign(new Error(error.message), { stack: error.stack }));
      }
      if (msg && typeof msg === 'object' && 'ready' in msg)
        return resolve({
          ready: (msg as { ready: R }).ready,
          post: (m: unknown) => worker.postMessage(m),
          stop: async () => {
            stopping = true;
            const done = new Promise<void>((r) => (stopped = r));
            worker.postMessage('stop');
            await Promise.race([done, new Promise((r) => setTimeout(r, 5000).unref())]);
            await worker.terminate();
          },
        });
      onMessage(msg);
    });
    // After the start, a thread that fails is said loudly: what it ran is gone.
    worker.on('error', (err) => (reject(err), console.error(`the ${name} thread failed:`, err)));
    worker.on('exit', (code) => {
      const err = new Error(`the ${name} thread exited (${code})`);
      reject(err);
      if (!stopping) console.error(err.message);
    });
  });

/** The thread's side: starts its part, answers ready (or the error), stops it when asked. */
export const serveThread = async <R>(start: () => Promise<{ ready: R; stop: () => Promise<void> }>) => {
  const port = parentPort!;
  try {
    const { ready, stop } = await start();
    port.on('message', (msg: unknown) => {
      if (msg === 'stop') void stop().then(() => port.postMessage('stopped'));
    });
    port.postMessage({ ready });
  } catch (err) {
    const e = err as Error;
    port.postMessage({ error: { message: String(e?.message ?? e), stack: e?.stack } });
  }
};
