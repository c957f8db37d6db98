// A generate run whose browser cannot start must end — failed, saying why — not stay "running":
// the job is retried up to the queue's maxReceiveCount, the last delivery settles the run, and the
// message is parked in the dead-letter queue.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { RunView, WorkspaceData } from '@proofmark/shared/contract/workspace';
import { spawnLocalCloud } from '../setup/spawn-cloud';
import { api, clients, eventually } from './helpers';
import { registeredAdmin } from './accounts';
import { addStudents, toPkReceived } from './workspace-fixtures';

describe('generate without a working browser', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-no-browser-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('ends the run as failed with each row and the reason, and parks the message', async () => {
    const { info, stop } = await spawnLocalCloud(dataDir, 0, {
      CHROMIUM_PATH: path.join(dataDir, 'no-such-chromium'),
    });
    try {
      const admin = await registeredAdmin(info);
      await addStudents(admin, 'NoBrowser', [{ id: 'N1' }, { id: 'N2' }, { id: 'N3' }], info);
      await toPkReceived(admin, ['NoBrowser='], info);
      const started = await api<RunView>('POST', '/api/workspace/generate', {
        token: admin.token,
        body: { selectedItems: ['NoBrowser='], certtype: 'degree' },
        appUrl: info.appUrl,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);

      const run = await eventually(
        async () => {
          const r = (
            await api<RunView>('GET', `/api/workspace/runs/${started.body.Data!.id}`, {
              token: admin.token,
              appUrl: info.appUrl,
            })
          ).body.Data!;
          return r.state === 'done' || r.state === 'failed' ? r : undefined;
        },
        120_000,
        500,
      );
      expect(run).toMatchObject({ state: 'failed', total: 3, done: 0, failed: 3 });
      expect([...run.errors].sort()).toEqual(
        ['N1', 'N2', 'N3'].map((id) =>
          expect.stringMatching(new RegExp(`^${id}: could not render the certificate \\(.+\\)$`)),
        ),
      );

      // Nothing was generated: the rows wait, unchanged, for a working browser.
      const listed = await api<WorkspaceData>('GET', '/api/workspace?certtype=degree', {
        token: admin.token,
        appUrl: info.appUrl,
      });
      expect(listed.body.Data!.mockData.flatMap((p) => p.children).map((r) => r.status)).toEqual([
        'PK received',
        'PK received',
        'PK received',
      ]);

      // Retried maxReceiveCount times, then parked for a person to look at.
      const parked = await eventually(async () => {
        const out = await clients(info).sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: info.resources.dlqUrls.generate,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: 1,
          }),
        );
        return out.Messages?.length ? out.Messages : undefined;
      }, 30_000);
      expect(parked).toHaveLength(1);
      expect(JSON.parse(parked[0]!.Body!)).toMatchObject({
        orgId: admin.orgId,
        runId: started.body.Data!.id,
        chunk: 0,
      });
    } finally {
      await stop();
    }
  }, 300_000);
});
