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

type Started = { info: LocalCloudInfo; stop: () => Promise<void> };
// Both cloud projects (the shared-state tests run alone, after the rest) get the same cloud: their
// global setups run in this one process, so the first start is kept here and stopped by the last.
const shared = globalThis as { proofmarkTestCloud?: { started: Promise<Started>; users: number } };

/**
 * One local cloud for the integration and browser tests — exactly what `npm start` runs, on free
 * ports with a temporary data dir — stopped afterwards.
 */
export default async function setup(project: TestProject) {
  shared.proofmarkTestCloud ??= { started: start(), users: 0 };
  const cloud = shared.proofmarkTestCloud;
  cloud.users++;
  const { info, stop } = await cloud.started;
  project.provide('appUrl', info.appUrl);
  project.provide('cloud', info);
  return async () => {
    if (--cloud.users > 0) return;
    delete shared.proofmarkTestCloud;
    await stop();
  };
}

async function start(): Promise<Started> {
  ensureWebBuilt(path.resolve(import.meta.dirname, '../..'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-test-'));
  const cloud = await spawnLocalCloud(dataDir);
  return {
    info: cloud.info,
    stop: async () => {
      await cloud.stop();
      if (!process.env.KEEP_TEST_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
