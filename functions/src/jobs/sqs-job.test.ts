import { describe, expect, it } from 'vitest';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { captureLogs } from '../adapters/log-capture';
import { AppError } from '@proofmark/shared/errors';
import { jobFailureReason } from '../domain/job-failure';
import { sqsJob } from './sqs-job';

const record = (messageId: string, body: string, receiveCount = 1): SQSRecord =>
  ({
    messageId,
    body,
    attributes: { ApproximateReceiveCount: String(receiveCount) },
  }) as unknown as SQSRecord;
const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

const { errors, metrics } = captureLogs();

describe('a job', () => {
  it("tells the job whether a message's delivery is the last before the dead-letter queue", async () => {
    const last: [string, boolean][] = [];
    const handler = sqsJob(
      'send',
      async (m, delivery) => {
        last.push([m.runId, delivery.last]);
      },
      async () => undefined,
    );
    const message = (runId: string) =>
      JSON.stringify({ orgId: 'o1', runId, chunk: 0, certtype: 'degree', items: ['c=s'] });
    // send is parked after its third delivery (jobs.ts maxReceiveCount).
    await handler(
      batch(record('m1', message('r1'), 1), record('m2', message('r2'), 2), record('m3', message('r3'), 3)),
      {} as never,
    );
    expect(last).toEqual([
      ['r1', false],
      ['r2', false],
      ['r3', true],
    ]);
  });

  it('runs each parsed message and reports only the failed ones, logged with job and message id', async () => {
    const ran: string[] = [];
    const handler = sqsJob(
      'anchor',
      async (m) => {
        if (m.batchId === 'bad') throw new Error('chain unreachable');
        ran.push(`${m.orgId}/${m.batchId}`);
      },
      async () => undefined,
    );
    const result = await handler(
      batch(
        record('m1', JSON.stringify({ orgId: 'o1', batchId: 'b1' })),
        record('m2', JSON.stringify({ orgId: 'o1', batchId: 'bad' })),
        record('m3', JSON.stringify({ orgId: 'o2', batchId: 'b3' })),
      ),
      {} as never,
    );
    expect(ran).toEqual(['o1/b1', 'o2/b3']);
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toMatchObject({ message: 'job failed', job: 'anchor', messageId: 'm2', orgId: 'o1' });
    expect(JSON.stringify(errors()[0])).toContain('chain unreachable');
  });

  it('reports a message that does not parse as failed, logged, without running it', async () => {
    const ran: unknown[] = [];
    const handler = sqsJob(
      'anchor',
      async (m) => {
        ran.push(m);
      },
      async () => undefined,
    );
    const result = await handler(
      batch(record('m1', 'not json'), record('m2', JSON.stringify({ orgId: 'o1' }))),
      {} as never,
    );
    expect(ran).toEqual([]);
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }] });
    expect(errors().map((e) => [e.message, e.messageId])).toEqual([
      ['job message is not JSON', 'm1'],
      ['job message does not parse', 'm2'],
    ]);
  });

  it('settles the record as failed with a readable reason on the last delivery only, and still parks it', async () => {
    const settled: [string, string][] = [];
    const handler = sqsJob(
      'import',
      async (m) => {
        if (m.uploadId === 'refused') throw new AppError('bad_request', 'The file is empty.');
        throw Object.assign(new Error('read ECONNRESET at TLSSocket.onread (node:internal)'), {
          code: 'ECONNRESET',
        });
      },
      async (m, reason) => {
        settled.push([m.uploadId, reason]);
        if (m.uploadId === 'store-down') throw new Error('DynamoDB unreachable');
      },
    );
    const message = (uploadId: string) => JSON.stringify({ orgId: 'o1', uploadId });
    // import is parked after its third delivery (jobs.ts maxReceiveCount).
    const result = await handler(
      batch(
        record('m1', message('early'), 2),
        record('m2', message('last'), 3),
        record('m3', message('refused'), 3),
        record('m4', message('store-down'), 3),
      ),
      {} as never,
    );
    expect(result).toEqual({
      batchItemFailures: ['m1', 'm2', 'm3', 'm4'].map((itemIdentifier) => ({ itemIdentifier })),
    });
    expect(settled.map(([id]) => id)).toEqual(['last', 'refused', 'store-down']);
    expect(settled[0]![1]).toBe(jobFailureReason(new Error('x', { cause: { code: 'ECONNREFUSED' } })));
    expect(settled[0]![1]).not.toMatch(/ECONNRESET|node:internal/);
    expect(settled[1]![1]).toBe('The file is empty.');
    expect(errors().at(-1)).toMatchObject({
      message: 'job parked: settling its record failed',
      messageId: 'm4',
    });
  });

  it('writes its metrics in embedded metric format: deliveries started, failed and parked, per job', async () => {
    const handler = sqsJob(
      'anchor',
      async (m) => {
        if (m.batchId !== 'ok') throw new Error('chain unreachable');
      },
      async () => undefined,
    );
    const body = (batchId: string) => JSON.stringify({ orgId: 'o1', batchId });
    // anchor is parked after its tenth delivery: one succeeds, one fails to be retried, one is parked,
    // and one does not parse (parked too, on its last delivery).
    await handler(
      batch(
        record('m1', body('ok')),
        record('m2', body('down'), 2),
        record('m3', body('down'), 10),
        record('m4', '{"not":"anchor"}', 10),
      ),
      {} as never,
    );
    const lines = metrics();
    expect(lines).toHaveLength(1);
    const emf = lines[0] as Record<string, unknown> & {
      _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
    };
    expect(emf).toMatchObject({ job: 'anchor', JobRunsStarted: 4, JobRunsFailed: 3, JobRunsParked: 2 });
    const [directive] = emf._aws.CloudWatchMetrics;
    expect(directive!.Namespace).toBe('Proofmark');
    expect(directive!.Dimensions.flat()).toContain('job');
    expect(directive!.Metrics.map((m) => m.Name).sort()).toEqual([
      'JobRunsFailed',
      'JobRunsParked',
      'JobRunsStarted',
    ]);
  });
});
