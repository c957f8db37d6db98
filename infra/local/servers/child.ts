import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface RunningServer {
  name: string;
  url: string;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
// Last resort: whatever way this process ends, no child is left behind holding a port.
process.once('exit', () => {
  for (const c of live) c.kill('SIGKILL');
});

/**
 * Starts a helper process whose output goes to `<logDir>/<name>.log`. Stopping sends SIGTERM and,
 * if the process has not exited after a grace period, SIGKILL — a child must never outlive us.
 */
export const startChild = (
  name: string,
  command: string,
  args: string[],
  opts: SpawnOptions & { logDir: string },
) => {
  fs.mkdirSync(opts.logDir, { recursive: true });
  const log = fs.openSync(path.join(opts.logDir, `${name}.log`), 'a');
  const child = spawn(command, args, { ...opts, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  live.add(child);
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      live.delete(child);
      resolve();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exitedPromise;
    clearTimeout(timer);
  };
  return { child: child as ChildProcess, stop, exited: () => exited, onExit: exitedPromise };
};
