import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnLocalCloud } from '../setup/spawn-cloud';

/** Processes whose environment names this data directory: the cloud and every server it started. */
const processesOf = (dataDir: string) =>
  fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`DATA_DIR=${dataDir}`);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    });

describe('starting a local cloud for a test', () => {
  it('stops what it spawned when the cloud is not ready in time: no server is left behind', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-spawn-'));
    try {
      // Long enough for the cloud to have started some of its servers, far too short to be ready.
      const start = spawnLocalCloud(dataDir, 0, {}, 4_000);
      await new Promise((r) => setTimeout(r, 3_000));
      expect(processesOf(dataDir).length).toBeGreaterThan(0);
      await expect(start).rejects.toThrow(/did not start in 4 s/);
      // Children are killed on the cloud's way out; give the kernel a moment to reap them.
      await expect.poll(() => processesOf(dataDir), { timeout: 20_000, interval: 250 }).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
