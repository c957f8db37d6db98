import { describe, expect, it } from 'vitest';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { captureLogs } from '../adapters/log-capture';
import { sqsJob } from './sqs-job';

const record = (messageId: string, body: string): SQSRecord =>
  ({ messageId, body, attributes: { ApproximateReceiveCount: '1' } }) as unknown as SQSRecord;
const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

const { errors } = captureLogs();

describe('a job', () => {
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
