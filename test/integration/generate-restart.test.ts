import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { SessionData } from '@proofmark/shared/contract/auth';
import type { RunView, WorkspaceData } from '@proofmark/shared/contract/workspace';
import type { LocalCloudInfo } from '../../infra/local/cloud';
import { spawnLocalCloud } from '../setup/spawn-cloud';
import { api, clients, eventually } from './helpers';
import { registeredAdmin } from './accounts';
import { addStudents, toPkReceived } from './workspace-fixtures';

const ROWS = 120; // two chunks of the generate job (100 + 20)

const runOf = async (c: LocalCloudInfo, token: string, id: string) =>
  (await api<RunView>('GET', `/api/workspace/runs/${id}`, { token, appUrl: c.appUrl })).body.Data!;

/** The direct children of a process (the cloud's servers and browsers), read before it is killed. */
const childrenOf = (pid: number): number[] => {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter(Boolean);
  } catch {
    return [];
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('generate survives a killed process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-generate-kill-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('resumes a run killed half way: every row generated exactly once', async () => {
    const first = await spawnLocalCloud(dataDir);
    let admin: Awaited<ReturnType<typeof registeredAdmin>>;
    let runId: string;
    let doneAtKill: number;
    try {
      admin = await registeredAdmin(first.info);
      const students = Array.from({ length: ROWS }, (_, i) => ({ id: `K${i + 1}` }));
      await addStudents(admin, 'Kill', students, first.info);
      await toPkReceived(admin, ['Kill='], first.info);
      const started = await api<RunView>('POST', '/api/workspace/generate', {
        token: admin.token,
        body: { selectedItems: ['Kill='], certtype: 'degree' },
        appUrl: first.info.appUrl,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      runId = started.body.Data!.id;
      // Part done: some rows rendered and counted, most not.
      const part = await eventually(
        async () => {
          const r = await runOf(first.info, admin.token, runId);
          return r.done >= 5 ? r : undefined;
        },
        180_000,
        100,
      );
      doneAtKill = part.done;
      expect(doneAtKill).toBeLessThan(ROWS);
    } finally {
      // SIGKILL: no shutdown code runs, a chunk is cut off in the middle. Its servers (and browser)
      // are then stopped so the next start can open the same data.
      const kids = first.child.pid ? childrenOf(first.child.pid) : [];
      const exited = new Promise((r) => first.child.once('exit', r));
      first.child.kill('SIGKILL');
      await exited;
      for (const pid of kids) if (alive(pid)) process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + 15_000;
      while (kids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      for (const pid of kids) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }

    const second = await spawnLocalCloud(dataDir);
    try {
      const login = await api<SessionData>('POST', '/api/auth/login', {
        body: { email: admin!.email, password: admin!.password },
        appUrl: second.info.appUrl,
      });
      expect(login.status).toBe(200);
      const token = login.body.Data!.token;
      const run = await eventually(
        async () => {
          const r = await runOf(second.info, token, runId!);
          return r.state === 'done' || r.state === 'failed' ? r : undefined;
        },
        300_000,
        500,
      );
      expect(run, JSON.stringify(run)).toMatchObject({ state: 'done', total: ROWS, done: ROWS, failed: 0 });

      const listed = await api<WorkspaceData>('GET', '/api/workspace?certtype=degree&pagesize=250', {
        token,
        appUrl: second.info.appUrl,
      });
      const rows = listed.body.Data!.mockData.flatMap((p) => p.children);
      expect(rows).toHaveLength(ROWS);
      expect(rows.every((r) => r.status === 'generated')).toBe(true);
      const uuids = new Set(rows.map((r) => r.credentialId.replace('urn:uuid:', '')));
      expect(uuids.size).toBe(ROWS);

      // One PDF per row (generate makes no picture beside it), and no orphan from the killed attempt.
      const keys: string[] = [];
      let token2: string | undefined;
      do {
        const out = await clients(second.info).s3.send(
          new ListObjectsV2Command({
            Bucket: second.info.resources.buckets.artefacts,
            Prefix: `${admin!.orgId}/generated/`,
            ContinuationToken: token2,
          }),
        );
        keys.push(...(out.Contents ?? []).map((o) => o.Key!));
        token2 = out.NextContinuationToken;
      } while (token2);
      const pdfs = keys.filter((k) => k.endsWith('.pdf'));
      expect(pdfs).toHaveLength(ROWS);
      expect(keys.filter((k) => !k.endsWith('.pdf'))).toEqual([]);
      expect(new Set(pdfs.map((k) => path.basename(k, '.pdf')))).toEqual(uuids);
    } finally {
      await second.stop();
    }
  }, 600_000);
});
