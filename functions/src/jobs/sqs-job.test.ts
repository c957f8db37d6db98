import { describe, expect, it } from 'vitest';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { captureLogs } from '../adapters/log-capture';
import { sqsJob } from './sqs-job';

const record = (messageId: string, body: string, receiveCount = 1): SQSRecord =>
  ({
    messageId,
    body,
    attributes: { ApproximateReceiveCount: String(receiveCount) },
  }) as unknown as SQSRecord;
const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

const { errors } = captureLogs();

describe('a job', () => {
  it("tells the job whether a message's delivery is the last before the dead-letter queue", async () => {
    const last: [string, boolean][] = [];
    const handler = sqsJob('send', async (m, delivery) => {
      last.push([m.runId, delivery.last]);
    });
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
    const handler = sqsJob('anchor', async (m) => {
      if (m.batchId === 'bad') throw new Error('chain unreachable');
      ran.push(`${m.orgId}/${m.batchId}`);
    });
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
    const handler = sqsJob('anchor', async (m) => {
      ran.push(m);
    });
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
});
