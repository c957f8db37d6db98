// The local queue counts receives as SQS does: a visibility change (what the pollers do to delay a
// failed message's retry) is not a receive, so a message is parked only after maxReceiveCount real
// deliveries. Against the local SQS server itself.
import { describe, expect, it } from 'vitest';
import {
  ChangeMessageVisibilityBatchCommand,
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { withLocalSqs } from './local-sqs-fixture';

describe('the local queue', () => {
  const local = withLocalSqs();

  const queueWithDlq = async (name: string, maxReceiveCount: number) => {
    const dlq = (await local.sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }))).QueueUrl!;
    const { Attributes } = await local.sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: dlq, AttributeNames: ['QueueArn'] }),
    );
    const url = (
      await local.sqs.send(
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
        await local.sqs.send(
          new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] }),
        )
      ).Attributes!.ApproximateNumberOfMessages,
    );
  const receive = (url: string) =>
    local.sqs.send(new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 1, AttributeNames: ['All'] }));

  it.each(['ChangeMessageVisibility', 'ChangeMessageVisibilityBatch'])(
    'does not count a %s as a receive: a message is parked after maxReceiveCount deliveries',
    async (change) => {
      const { url, dlq } = await queueWithDlq(`count-${change}`, 3);
      await local.sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'work' }));
      const counts: string[] = [];
      for (let delivery = 1; delivery <= 3; delivery++) {
        const m = (await receive(url)).Messages?.[0];
        expect(m, `delivery ${delivery}`).toBeDefined();
        counts.push(m!.Attributes!.ApproximateReceiveCount!);
        // As the pollers release a failed message for its retry.
        if (change === 'ChangeMessageVisibility')
          await local.sqs.send(
            new ChangeMessageVisibilityCommand({
              QueueUrl: url,
              ReceiptHandle: m!.ReceiptHandle,
              VisibilityTimeout: 0,
            }),
          );
        else
          await local.sqs.send(
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
