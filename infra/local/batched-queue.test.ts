// The mail events' queueing on one machine (batched-queue.ts), against the local SQS server: every
// message arrives once, as a message of its own, whether it came alone or with many others.
import { describe, expect, it } from 'vitest';
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
} from '@aws-sdk/client-sqs';
import { batchedQueue } from './batched-queue';
import { withLocalSqs } from './servers/local-sqs-fixture';

describe('batchedQueue', () => {
  const local = withLocalSqs();

  const drain = async (url: string, expected: number) => {
    const bodies: string[] = [];
    for (let empty = 0; bodies.length < expected || empty < 2;) {
      const out = await local.sqs.send(
        new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
      );
      const got = out.Messages ?? [];
      if (!got.length) {
        if (++empty > 10) break;
        continue;
      }
      bodies.push(...got.map((m) => m.Body!));
      await local.sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: url,
          Entries: got.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
        }),
      );
    }
    return bodies;
  };

  it('queues each of 25 messages sent together, and a lone one after its short wait', async () => {
    const url = (await local.sqs.send(new CreateQueueCommand({ QueueName: 'batched' }))).QueueUrl!;
    const queue = batchedQueue(local.sqs, () => url);
    const bodies = Array.from({ length: 25 }, (_, i) => JSON.stringify({ eventType: 'Delivery', n: i }));
    for (const b of bodies) queue.send(b);
    queue.send('{"alone":true}');
    const got = await drain(url, 26);
    expect(got.sort()).toEqual([...bodies, '{"alone":true}'].sort());
  });

  it('sends what is still held when flushed (the product stopping)', async () => {
    const url = (await local.sqs.send(new CreateQueueCommand({ QueueName: 'flushed' }))).QueueUrl!;
    const queue = batchedQueue(local.sqs, () => url, 60_000);
    queue.send('{"held":1}');
    queue.send('{"held":2}');
    await queue.flush();
    expect((await drain(url, 2)).sort()).toEqual(['{"held":1}', '{"held":2}']);
  });
});
