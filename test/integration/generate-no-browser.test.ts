// A generate run whose browser cannot start must end — failed, saying why — not stay "running":
// the job is retried up to the queue's maxReceiveCount, the last delivery settles the run, and the
// message is parked in the dead-letter queue. Once the configured Chromium is there (as a user
// would fix it: the binary installed at CHROMIUM_PATH), `npm run dlq -- redrive generate` finishes
// the run: every row rendered once, the run turned from failed to done.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { RunView, WorkspaceData } from '@proofmark/shared/contract/workspace';
import { spawnLocalCloud } from '../setup/spawn-cloud';
import { api, clients, eventually, queueDrained } from './helpers';
import { registeredAdmin } from './accounts';
import { addStudents, toPkReceived } from './workspace-fixtures';
import { defaultExecutablePath } from '../../functions/src/render/browser';

type Row = WorkspaceData['mockData'][number]['children'][number];

describe('generate without a working browser', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-no-browser-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('ends the run as failed with each row and the reason, parks the message, and finishes the run once redriven with the browser back', async () => {
    // Resolved before the cloud starts (the variable is the cloud's alone).
    const realChromium = defaultExecutablePath();
    const chromiumPath = path.join(dataDir, 'no-such-chromium');
    const { info, stop } = await spawnLocalCloud(dataDir, 0, { CHROMIUM_PATH: chromiumPath });
    const dlq = (...args: string[]) =>
      promisify(execFile)('npm', ['run', '--silent', 'dlq', '--', ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
      });
    const runOf = async (id: string) =>
      (await api<RunView>('GET', `/api/workspace/runs/${id}`, { token: admin.token, appUrl: info.appUrl }))
        .body.Data!;
    const rowsOf = async (): Promise<Row[]> =>
      (
        await api<WorkspaceData>('GET', '/api/workspace?certtype=degree', {
          token: admin.token,
          appUrl: info.appUrl,
        })
      ).body.Data!.mockData.flatMap((p) => p.children);
    let admin: Awaited<ReturnType<typeof registeredAdmin>>;
    try {
      admin = await registeredAdmin(info);
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
      // What the run card says: why it stopped (the browser at the configured path), not "Generating…".
      expect(run.message).toBe(run.errors[0]);
      expect(run.message).toContain(chromiumPath);
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
            // Left where it is, for the redrive.
            VisibilityTimeout: 0,
          }),
        );
        // Left visible, the one message may come back more than once in an answer.
        return out.Messages?.length
          ? [...new Map(out.Messages.map((m) => [m.MessageId, m])).values()]
          : undefined;
      }, 30_000);
      expect(parked).toHaveLength(1);
      expect(JSON.parse(parked[0]!.Body!)).toMatchObject({
        orgId: admin.orgId,
        runId: started.body.Data!.id,
        chunk: 0,
      });

      // The configured browser is installed; the operator redrives the parked message.
      fs.symlinkSync(realChromium, chromiumPath);
      await dlq('redrive', 'generate');
      const done = await eventually(
        async () => {
          const r = await runOf(run.id);
          return r.state === 'done' ? r : undefined;
        },
        120_000,
        500,
      );
      expect(done).toMatchObject({ total: 3, done: 3, failed: 0, errors: [], message: 'Success' });
      const generated = await rowsOf();
      expect(generated.map((r) => r.status)).toEqual(['generated', 'generated', 'generated']);
      // Every row has its PDF.
      const pdfOf = (r: Row) =>
        clients(info).s3.send(
          new HeadObjectCommand({
            Bucket: info.resources.buckets.artefacts,
            Key: `${admin.orgId}/generated/${r.credentialId.replace('urn:uuid:', '')}.pdf`,
          }),
        );
      const pdfs = await Promise.all(generated.map(pdfOf));
      for (const pdf of pdfs) expect(pdf.ContentLength).toBeGreaterThan(1000);

      // The same message redriven again renders nothing twice: each row keeps its one rendering.
      await clients(info).sqs.send(
        new SendMessageCommand({ QueueUrl: info.resources.dlqUrls.generate, MessageBody: parked[0]!.Body! }),
      );
      await dlq('redrive', 'generate');
      await queueDrained('generate', info);
      expect(await runOf(run.id)).toMatchObject({ state: 'done', done: 3, failed: 0 });
      // Not rendered again: each PDF is the one object written by the redrive.
      const again = await Promise.all((await rowsOf()).map(pdfOf));
      expect(again.map((p) => [p.ETag, p.LastModified])).toEqual(pdfs.map((p) => [p.ETag, p.LastModified]));
    } finally {
      await stop();
    }
  }, 300_000);

  // The renderer's Chromium is launched from the generate job's worker thread, which gets no
  // signals: the product ends it as it stops (function-worker.ts), or it would outlive the product.
  it('leaves no browser running once the product has stopped', async () => {
    const running = () =>
      fs
        .readdirSync('/proc')
        .filter((pid) => /^\d+$/.test(pid))
        .filter((pid) => {
          try {
            return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir);
          } catch {
            return false; // ended meanwhile
          }
        });
    await eventually(async () => (running().length === 0 ? true : undefined), 10_000, 200).catch(
      () => undefined,
    );
    expect(running()).toEqual([]);
  }, 30_000);
});
