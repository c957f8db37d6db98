import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { LocalCloudInfo } from '../../infra/local/cloud';
// @ts-expect-error plain ESM helper shared with `npm start`
import { ensureWebBuilt } from '../../scripts/web-build.mjs';
import { spawnLocalCloud } from './spawn-cloud';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    cloud: LocalCloudInfo;
  }
}

/**
 * One local cloud for the integration and browser tests — exactly what `npm start` runs, on free
 * ports with a temporary data dir — stopped afterwards.
 */
export default async function setup(project: TestProject) {
  ensureWebBuilt(path.resolve(import.meta.dirname, '../..'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-test-'));
  const cloud = await spawnLocalCloud(dataDir);
  project.provide('appUrl', cloud.info.appUrl);
  project.provide('cloud', cloud.info);
  return async () => {
    await cloud.stop();
    if (!process.env.KEEP_TEST_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
