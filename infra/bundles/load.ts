import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const loader = fileURLToPath(new URL('./load-bundle.mjs', import.meta.url));

export type LoadResult =
  | { ok: true; answer: unknown }
  | { ok: false; phase: 'assets' | 'import' | 'handler' | 'call' | 'process'; error: string };

/**
 * Imports a bundle directory's index.mjs in a fresh `node` process (nothing of this process's
 * module cache or loaders), checks the packages that must sit beside it, and calls its handler once.
 */
export const loadBundle = (
  dir: string,
  event: unknown,
  besides: string[],
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<LoadResult> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      [loader, dir, JSON.stringify(event), ...besides],
      {
        cwd: dir,
        timeout: timeoutMs,
        maxBuffer: 16 * 1024 * 1024,
        // Only what a Lambda would have: its environment, not the test runner's.
        env: { PATH: process.env.PATH ?? '', AWS_REGION: 'eu-west-1', ...env },
      },
      (err, stdout, stderr) => {
        const line = stdout.trim().split('\n').pop() ?? '';
        try {
          resolve(JSON.parse(line) as LoadResult);
        } catch {
          resolve({
            ok: false,
            phase: 'process',
            error: `${err?.message ?? 'no result'}\n${stderr.slice(-2000)}`,
          });
        }
      },
    );
  });
