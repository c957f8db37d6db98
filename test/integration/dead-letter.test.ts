import { describe, expect, it } from 'vitest';
import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Probe } from '@proofmark/shared/api/system';
import { queueFor } from '../../infra/resources';
import { api, clients, cloud, eventually } from './helpers';
import { registeredAdmin } from './accounts';

describe('job delivery', () => {
  it('retries a message whose handler throws, then parks it in the dead-letter queue', async () => {
    const { sqs } = clients();
    const c = cloud();
    // A probe that does not exist: the job throws "not found" on every delivery.
    const body = JSON.stringify({ orgId: 'org-missing', probeId: `missing-${Date.now()}` });
    const sentAt = Date.now();
    await sqs.send(new SendMessageCommand({ QueueUrl: c.resources.queueUrls.probe, MessageBody: body }));

    const parked = await eventually(async () => {
      const out = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: c.resources.dlqUrls.probe,
          WaitTimeSeconds: 1,
          AttributeNames: ['All'],
        }),
      );
      return out.Messages?.find((m) => m.Body === body);
    }, 45_000);
    expect(parked.Body).toBe(body);
    // It was parked only after every allowed delivery failed: the local poller waits 2 s × the receive
    // count before each retry, so maxReceiveCount deliveries take at least this long.
    const { maxReceiveCount } = queueFor('probe');
    const minRetryMs = Array.from({ length: maxReceiveCount - 1 }, (_, i) => 2000 * (i + 1)).reduce(
      (a, b) => a + b,
      0,
    );
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(minRetryMs);
  });

  it('has the same effect for a message delivered twice, in sequence and in parallel', async () => {
    const user = await registeredAdmin();
    const { sqs, s3 } = clients();
    const c = cloud();
    const created = await api<Probe>('POST', '/api/probes', { token: user.token, body: { note: 'twice' } });
    const id = created.body.Data!.id;
    const msg = JSON.stringify({ orgId: user.orgId, probeId: id });
    await Promise.all(
      [1, 2, 3].map(() =>
        sqs.send(new SendMessageCommand({ QueueUrl: c.resources.queueUrls.probe, MessageBody: msg })),
      ),
    );
    await eventually(async () =>
      (await api<Probe>('GET', `/api/probes/${id}`, { token: user.token })).body.Data?.state === 'done'
        ? true
        : undefined,
    );
    await sqs.send(new SendMessageCommand({ QueueUrl: c.resources.queueUrls.probe, MessageBody: msg }));
    await new Promise((r) => setTimeout(r, 2000));

    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket: c.resources.buckets.artefacts, Prefix: `${user.orgId}/` }),
    );
    expect(listed.Contents?.map((o) => o.Key)).toEqual([`${user.orgId}/probes/${id}.json`]);
    // Nothing of it went to the dead-letter queue.
    const dlq = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: c.resources.dlqUrls.probe,
        WaitTimeSeconds: 1,
        MaxNumberOfMessages: 10,
      }),
    );
    expect((dlq.Messages ?? []).filter((m) => m.Body === msg)).toEqual([]);
  });
});
