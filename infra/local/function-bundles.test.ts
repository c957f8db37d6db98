// The local cloud's functions run from esbuild bundles (function-bundles.ts): built once, found
// current at the next start, built again when a file they are made of changes, and a worker
// started from them answers as the TypeScript handler does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../constructs/backend-function';
import { functionBundles, isCurrent } from './function-bundles';
import { BUNDLES_ENV, bundleFile, functionWorkers } from './function-workers';

const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'function-bundles-'));
afterAll(() => fs.rmSync(cache, { recursive: true, force: true }));

describe('the local functions as bundles', () => {
  it('bundles every route group and job once, and finds them current at the next start', async () => {
    const dir = await functionBundles(repoRoot, cache);
    for (const name of ['function-worker', 'http/health', 'http/profile', 'jobs/send', 'jobs/generate'])
      expect(fs.existsSync(bundleFile(dir, name)), name).toBe(true);
    const built = fs.statSync(bundleFile(dir, 'http/health')).mtimeMs;
    expect(await functionBundles(repoRoot, cache)).toBe(dir);
    expect(fs.statSync(bundleFile(dir, 'http/health')).mtimeMs).toBe(built);
    // No staging folder left behind: the build and the pointer to it.
    expect(fs.readdirSync(cache).sort()).toEqual([path.basename(dir), 'current'].sort());
  }, 180_000);

  it('runs a route group from its bundle in a worker thread', async () => {
    const before = process.env[BUNDLES_ENV];
    process.env[BUNDLES_ENV] = await functionBundles(repoRoot, cache);
    // Every AWS endpoint a closed local port: the handler itself answers that they are down.
    for (const service of ['DYNAMODB', 'S3', 'SQS', 'COGNITO_IDENTITY_PROVIDER', 'SESV2'])
      process.env[`AWS_ENDPOINT_URL_${service}`] = 'http://127.0.0.1:9';
    const functions = functionWorkers(29);
    try {
      const handler = await functions.loadGroup('health');
      const result = await handler({
        version: '2.0',
        routeKey: 'GET /api/health',
        rawPath: '/api/health',
        rawQueryString: '',
        headers: {},
        isBase64Encoded: false,
        requestContext: { http: { method: 'GET', path: '/api/health' }, requestId: 'bundle-test' },
      } as never);
      expect(result.statusCode).toBe(503);
    } finally {
      await functions.stop();
      if (before === undefined) delete process.env[BUNDLES_ENV];
      else process.env[BUNDLES_ENV] = before;
    }
  }, 120_000);

  it('takes bundles for stale once a file they were built from changes', () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'function-bundles-repo-'));
    const dir = path.join(repo, 'build');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(repo, 'handler.ts'), 'export const a = 1;');
    const st = fs.statSync(path.join(repo, 'handler.ts'));
    fs.writeFileSync(
      path.join(dir, 'inputs.json'),
      JSON.stringify({ inputs: { 'handler.ts': [st.size, st.mtimeMs] } }),
    );
    expect(isCurrent(repo, dir)).toBe(true);
    fs.writeFileSync(path.join(repo, 'handler.ts'), 'export const a = 2;;');
    expect(isCurrent(repo, dir)).toBe(false);
    fs.rmSync(path.join(repo, 'handler.ts'));
    expect(isCurrent(repo, dir)).toBe(false);
    fs.rmSync(repo, { recursive: true, force: true });
  });
});
