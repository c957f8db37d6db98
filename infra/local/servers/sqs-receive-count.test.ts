// The local queue counts receives as SQS does: a visibility change (what the pollers do to delay a
// failed message's retry) is not a receive, so a message is parked only after maxReceiveCount real
// deliveries. Against the local SQS server itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChangeMessageVisibilityBatchCommand,
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { freePort } from '../ports';
import { localClientConfig } from '../provision';
import { startSqs } from './sqs';

describe('the local queue', () => {
  let server: Awaited<ReturnType<typeof startSqs>>;
  let sqs: SQSClient;
  beforeAll(async () => {
    server = await startSqs(await freePort());
    sqs = new SQSClient(localClientConfig(server.url));
  });
  afterAll(async () => {
    sqs?.destroy();
    await server?.stop();
  });

  const queueWithDlq = async (name: string, maxReceiveCount: number) => {
    const dlq = (await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }))).QueueUrl!;
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: dlq, AttributeNames: ['QueueArn'] }),
    );
    const url = (
      await sqs.send(
        new CreateQueueCommand({
          QueueName: name,
          Attributes: {
            RedrivePolicy: JSON.stringify({ maxReceiveCount, deadLetterTargetArn: Attributes!.QueueArn }),
          },
        }),
      )
    ).QueueUrl!;
    return { url, dlq };
  };
  const depth = async (url: string) =>
    Number(
      (
        await sqs.send(
          new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] }),
        )
      ).Attributes!.ApproximateNumberOfMessages,
    );
  const receive = (url: string) =>
    sqs.send(new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 1, AttributeNames: ['All'] }));

  it.each(['ChangeMessageVisibility', 'ChangeMessageVisibilityBatch'])(
    'does not count a %s as a receive: a message is parked after maxReceiveCount deliveries',
    async (change) => {
      const { url, dlq } = await queueWithDlq(`count-${change}`, 3);
      await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'work' }));
      const counts: string[] = [];
      for (let delivery = 1; delivery <= 3; delivery++) {
        const m = (await receive(url)).Messages?.[0];
        expect(m, `delivery ${delivery}`).toBeDefined();
        counts.push(m!.Attributes!.ApproximateReceiveCount!);
        // As the pollers release a failed message for its retry.
        if (change === 'ChangeMessageVisibility')
          await sqs.send(
            new ChangeMessageVisibilityCommand({
              QueueUrl: url,
              ReceiptHandle: m!.ReceiptHandle,
              VisibilityTimeout: 0,
            }),
          );
        else
          await sqs.send(
            new ChangeMessageVisibilityBatchCommand({
              QueueUrl: url,
              Entries: [{ Id: '0', ReceiptHandle: m!.ReceiptHandle, VisibilityTimeout: 0 }],
            }),
          );
        if (delivery < 3) expect(await depth(dlq), `parked after ${delivery} deliveries`).toBe(0);
      }
      expect(counts).toEqual(['1', '2', '3']);
      // Its deliveries used up, it is parked.
      await expect.poll(() => depth(dlq), { timeout: 5000 }).toBe(1);
      expect(await depth(url)).toBe(0);
    },
  );
});
