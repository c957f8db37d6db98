// The local event source mapping long-polls: an idle job costs one pending receive, not one SDK call
// a second, and a message sent meanwhile is handed over by that same receive. Against the local SQS
// server (local-aws-sqs), which is what `npm start` polls.
import { beforeAll, describe, expect, it } from 'vitest';
import { CreateQueueCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { startPollers } from './pollers';
import { withLocalSqs } from './servers/local-sqs-fixture';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('queue pollers', () => {
  const local = withLocalSqs();
  let receives = 0;
  beforeAll(() => {
    local.sqs.middlewareStack.add(
      (next, context) => (args) => {
        if (context.commandName === 'ReceiveMessageCommand') receives++;
        return next(args);
      },
      { step: 'initialize' },
    );
  });

  it('waits on one receive while the queue is empty and gets a message sent meanwhile from it', async () => {
    const { QueueUrl } = await local.sqs.send(new CreateQueueCommand({ QueueName: `poll-${Date.now()}` }));
    const delivered: string[] = [];
    receives = 0;
    const pollers = startPollers({
      sqs: local.sqs,
      queueUrls: { issue: QueueUrl! } as never,
      queueArns: { issue: 'arn:aws:sqs:local:000000000000:poll' } as never,
      region: 'us-east-1',
      loadJob: async () => async (event: SQSEvent) => {
        delivered.push(...event.Records.map((r) => r.body));
        return { batchItemFailures: [] };
      },
      retryDelaySeconds: 1,
      only: ['issue'],
    });
    try {
      // Idle for a few seconds: polled once a second, this was four receives or more.
      await pause(3500);
      expect(receives).toBe(1);
      await local.sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orgId":"o","runId":"r"}' }));
      for (let i = 0; i < 100 && !delivered.length; i++) await pause(50);
      expect(delivered).toEqual(['{"orgId":"o","runId":"r"}']);
      // Answered by the receive that was waiting; the loop then waits on the next one.
      expect(receives).toBe(2);
    } finally {
      // Stopping ends the pending receive at once (the test would time out otherwise).
      await pollers.stop();
    }
  }, 20_000);

  it("runs generate's next chunk beside the one in progress, in the same worker", async () => {
    const { QueueUrl } = await local.sqs.send(new CreateQueueCommand({ QueueName: `gen-${Date.now()}` }));
    const started: { body: string; slot: number }[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const pollers = startPollers({
      sqs: local.sqs,
      queueUrls: { generate: QueueUrl! } as never,
      queueArns: { generate: 'arn:aws:sqs:local:000000000000:gen' } as never,
      region: 'us-east-1',
      loadJob: async (_job, slot) => async (event: SQSEvent) => {
        started.push(...event.Records.map((r) => ({ body: r.body, slot })));
        await released;
        return { batchItemFailures: [] };
      },
      retryDelaySeconds: 1,
      only: ['generate'],
    });
    try {
      for (const chunk of [0, 1, 2])
        await local.sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: `{"chunk":${chunk}}` }));
      for (let i = 0; i < 100 && started.length < 2; i++) await pause(50);
      await pause(300);
      // Two chunks at once (the first still running), both in the first slot's worker; no third.
      expect(started).toHaveLength(2);
      expect(started.map((s) => s.slot)).toEqual([0, 0]);
      release();
      for (let i = 0; i < 100 && started.length < 3; i++) await pause(50);
      expect(started).toHaveLength(3);
    } finally {
      release();
      await pollers.stop();
    }
  }, 20_000);
});
