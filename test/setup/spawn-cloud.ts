import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { LocalCloudInfo } from '../../infra/local/cloud';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `infra/local/main.ts` (what `npm start` runs) as a child process and waits until it is ready. */
/** `env` adds to or overrides the environment (e.g. a broken CHROMIUM_PATH for a failure test). */
/** `startTimeoutMs`: how long it may take to be ready before it is stopped and the start fails. */
export const spawnLocalCloud = async (
  dataDir: string,
  port = 0,
  env: Record<string, string> = {},
  startTimeoutMs = 120_000,
) => {
  // Free ports are chosen before the servers listen: another process may take one in between. With
  // ports of our choosing (port 0) a start that lost such a race is tried again on new ones.
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(dataDir, port, env, startTimeoutMs);
    } catch (err) {
      if (port !== 0 || attempt >= 3 || !String((err as Error).message).includes('EADDRINUSE')) throw err;
    }
  }
};

const spawnOnce = async (
  dataDir: string,
  port: number,
  env: Record<string, string>,
  startTimeoutMs: number,
) => {
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--import', 'tsx', 'infra/local/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        // Every test shares 127.0.0.1, so it is exempt from per-client limits; the tests of those
        // limits call from other loopback addresses (127.0.0.2 and up).
        CLIENT_LIMIT_EXEMPT: '127.0.0.1',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...env,
      },
      // The outage test talks to the product over IPC (infra/local/outages.ts).
      stdio: env.PROOFMARK_OUTAGES === '1' ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const output: string[] = [];
  // Everything the cloud prints (including handler errors) is kept next to its data for debugging.
  fs.mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  const log = fs.createWriteStream(path.join(dataDir, 'logs', 'main.log'), { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  // A start that times out or is refused stops what it spawned: a test run must not leave a cloud behind.
  const info = await started(child, output, startTimeoutMs).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return { info, stop, output, child };
};

/** Waits for the cloud's ready line and reads what it wrote about itself; only local endpoints pass. */
const started = async (child: ChildProcess, output: string[], timeoutMs: number) => {
  const ready = await new Promise<{ runtime: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`local cloud did not start in ${timeoutMs / 1000} s:\n${output.join('')}`)),
      timeoutMs,
    );
    child.stdout!.on('data', (d: Buffer) => {
      output.push(d.toString());
      const line = d
        .toString()
        .split('\n')
        .find((l) => l.startsWith('PROOFMARK_READY '));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('PROOFMARK_READY '.length)));
      }
    });
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local cloud exited (${code}) before it was ready:\n${output.join('')}`));
    });
  });
  const info = JSON.parse(fs.readFileSync(ready.runtime, 'utf8')) as LocalCloudInfo;
  // Refuse to run against anything that is not this machine.
  for (const [name, url] of Object.entries({ app: info.appUrl, ...info.endpoints })) {
    if (new URL(url).hostname !== '127.0.0.1')
      throw new Error(`Refusing to test against ${name} at ${url}: not a local endpoint`);
  }
  return info;
};
