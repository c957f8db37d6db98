import { describe, expect, it } from 'vitest';
import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { TransactionReceipt } from '@proofmark/shared/contract/transactions';
import { queueFor } from '../../infra/resources';
import { api, clients, cloud, eventually } from './helpers';
import { registeredAdmin } from './accounts';
import { engine } from './engine';

const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
  const res = await fetch(cloud().endpoints.chain, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: T }).result;
};

describe('job delivery', () => {
  it('retries a message whose handler throws, then parks it in the dead-letter queue', async () => {
    const { sqs } = clients();
    const c = cloud();
    // An import of an upload that does not exist: the job throws "not found" on every delivery.
    const body = JSON.stringify({ orgId: 'org-missing', uploadId: `missing-${Date.now()}` });
    const sentAt = Date.now();
    await sqs.send(new SendMessageCommand({ QueueUrl: c.resources.queueUrls.import, MessageBody: body }));

    const parked = await eventually(async () => {
      const out = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: c.resources.dlqUrls.import,
          WaitTimeSeconds: 1,
          AttributeNames: ['All'],
        }),
      );
      return out.Messages?.find((m) => m.Body === body);
    }, 45_000);
    expect(parked.Body).toBe(body);
    // It was parked only after every allowed delivery failed: the local poller waits 2 s × the receive
    // count before each retry, so maxReceiveCount deliveries take at least this long.
    const { maxReceiveCount } = queueFor('import');
    const minRetryMs = Array.from({ length: maxReceiveCount - 1 }, (_, i) => 2000 * (i + 1)).reduce(
      (a, b) => a + b,
      0,
    );
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(minRetryMs);
  });

  it('has the same effect for a message delivered twice, in sequence and in parallel', async () => {
    const user = await registeredAdmin();
    const { sqs } = clients();
    const c = cloud();
    await api('POST', '/api/keys', { token: user.token, body: { blockchain: 'ethereum' } });
    // The engine queues one anchoring message; three more copies arrive at once, one more later.
    const batch = await (
      await engine()
    ).issue(user.orgId, { certificate: { name: 'Degree' }, recipients: [{ name: 'Delivered Twice' }] });
    const msg = JSON.stringify({ orgId: user.orgId, batchId: batch.id });
    await Promise.all(
      [1, 2, 3].map(() =>
        sqs.send(new SendMessageCommand({ QueueUrl: c.resources.queueUrls.anchor, MessageBody: msg })),
      ),
    );
    // Every batch of the organisation (the credentials, and the status lists its first issue anchors)
    // published: nothing of it is still on its way.
    const published = async () =>
      eventually(async () => {
        const receipts = (await api<TransactionReceipt[]>('GET', '/api/transactions', { token: user.token }))
          .body.Data!;
        return receipts.some((r) => r.batchId === batch.id) && receipts.every((r) => r.state === 'published')
          ? receipts
          : undefined;
      }, 60_000);
    await published();
    await sqs.send(new SendMessageCommand({ QueueUrl: c.resources.queueUrls.anchor, MessageBody: msg }));
    await new Promise((r) => setTimeout(r, 3000));
    const receipts = await published();

    // The side effect counted on the chain itself: the issuing address sent exactly one
    // transaction per batch, so no delivery signed or sent a second anchor.
    const ours = receipts.find((r) => r.batchId === batch.id)!;
    const tx = await rpc<{ from: string }>('eth_getTransactionByHash', [ours.txId]);
    const sent = Number(await rpc<string>('eth_getTransactionCount', [tx.from, 'latest']));
    expect(sent).toBe(receipts.length);
    expect(new Set(receipts.map((r) => r.txId)).size).toBe(receipts.length);
    // Nothing of it went to the dead-letter queue.
    const dlq = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: c.resources.dlqUrls.anchor,
        WaitTimeSeconds: 1,
        MaxNumberOfMessages: 10,
      }),
    );
    expect((dlq.Messages ?? []).filter((m) => m.Body === msg)).toEqual([]);
  });
});
