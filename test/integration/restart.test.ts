import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CohortsData } from '@proofmark/shared/contract/cohorts';
import { spawnLocalCloud } from '../setup/spawn-cloud';
import type { SessionData } from '@proofmark/shared/contract/auth';
import { PurgeQueueCommand } from '@aws-sdk/client-sqs';
import { api, clients, eventually } from './helpers';
import { registeredAdmin } from './accounts';
import { engine } from './engine';

const rpc = async (url: string, method: string) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  });
  return ((await res.json()) as { result: unknown }).result;
};
const blockNumber = async (url: string) => Number(await rpc(url, 'eth_blockNumber'));

describe('npm start on one machine', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-restart-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps users, table rows, objects and the chain across a stop and a start', async () => {
    const first = await spawnLocalCloud(dataDir);
    let user: Awaited<ReturnType<typeof registeredAdmin>>;
    const cohortid = `Kept-${Date.now()}`;
    let blocks: number;
    let batchId: string;
    try {
      user = await registeredAdmin(first.info);
      const created = await api('POST', '/api/cohorts', {
        token: user.token,
        body: { cohortid },
        appUrl: first.info.appUrl,
      });
      expect(created.status).toBe(201);
      // A batch whose job message is lost (the local SQS keeps nothing across a restart): it is
      // created, its queue purged at once, and the cloud stopped. The engine makes it directly
      // (./engine.ts): through the workspace the anchoring message would race the purge.
      await api('POST', '/api/keys', {
        token: user.token,
        body: { blockchain: 'ethereum' },
        appUrl: first.info.appUrl,
      });
      const issued = await (
        await engine(first.info)
      ).issue(user.orgId, {
        certificate: { name: 'Degree' },
        recipients: [{ name: 'Kept Across Restarts' }],
      });
      batchId = issued.id;
      await clients(first.info).sqs.send(
        new PurgeQueueCommand({ QueueUrl: first.info.resources.queueUrls.anchor }),
      );
      await rpc(first.info.endpoints.chain, 'evm_mine');
      blocks = await blockNumber(first.info.endpoints.chain);
      expect(blocks).toBeGreaterThan(0);
    } finally {
      await first.stop();
    }

    const second = await spawnLocalCloud(dataDir);
    try {
      const again = await api<SessionData>('POST', '/api/auth/login', {
        body: { email: user!.email, password: user!.password },
        appUrl: second.info.appUrl,
      });
      expect(again.status).toBe(200);
      const cohorts = await api<CohortsData>('GET', '/api/cohorts?certtype=degree', {
        token: again.body.Data!.token,
        appUrl: second.info.appUrl,
      });
      expect(cohorts.body.Data!.Data.map((c) => c.value)).toContain(cohortid);
      expect(await blockNumber(second.info.endpoints.chain)).toBeGreaterThanOrEqual(blocks);
      // The unfinished batch was queued again at start and runs to the end: its prepared credentials
      // (an object written before the stop) are read back and published.
      await eventually(async () => {
        const b = await api<{ state: string }>('GET', `/api/batches/${batchId}`, {
          token: again.body.Data!.token,
          appUrl: second.info.appUrl,
        });
        return b.body.Data?.state === 'published' ? true : undefined;
      }, 60_000);
    } finally {
      await second.stop();
    }
  }, 240_000);

  it('stops with a clear message when its port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const err = await spawnLocalCloud(fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-port-')), port).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(err?.message).toMatch(new RegExp(`Port ${port} \\(app\\) is already in use`));
      expect(err?.message).toMatch(/exited \(2\)/);
    } finally {
      blocker.close();
    }
  });
});
