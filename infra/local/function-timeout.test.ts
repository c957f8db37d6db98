// The local cloud enforces a function's timeout as Lambda does, for the job pollers and the
// gateway alike. The handler under test waits on a real dependency that accepts a connection and
// never answers (as a stopped server behind a live socket does); the queue is the local SQS server.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  SendMessageCommand,
  SQSClient,
  type SQSClient as Client,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { freePort, HOST } from './ports';
import { localClientConfig } from './provision';
import { startSqs } from './servers/sqs';
import { startPollers } from './pollers';
import { startGateway } from './gateway';

/** A server that accepts connections and never answers, until released. */
const silentServer = async () => {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => (sockets.add(s), s.on('error', () => {})));
  await new Promise<void>((r) => server.listen(0, HOST, r));
  const url = `http://${HOST}:${(server.address() as net.AddressInfo).port}/`;
  return {
    url,
    /** Every waiting caller gets its answer now. */
    release: () => {
      for (const s of sockets) s.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
      sockets.clear();
    },
    close: () => (server.close(), [...sockets].forEach((s) => s.destroy())),
  };
};

const waitFor = async <T>(what: () => T | undefined, ms: number): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('function timeouts on one machine', () => {
  let sqsServer: Awaited<ReturnType<typeof startSqs>>;
  let sqs: Client;
  let dependency: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    sqsServer = await startSqs(await freePort());
    sqs = new SQSClient(localClientConfig(sqsServer.url));
    dependency = await silentServer();
  });
  afterAll(async () => {
    dependency.close();
    sqs.destroy();
    await sqsServer.stop();
  });

  it('abandons a job that overruns: its message is neither deleted nor released, comes back after the visibility timeout, and the late result is ignored', async () => {
    const visibilitySeconds = 4;
    const { QueueUrl } = await sqs.send(
      new CreateQueueCommand({
        QueueName: `timeout-${Date.now()}`,
        Attributes: { VisibilityTimeout: String(visibilitySeconds) },
      }),
    );
    const deliveries: { at: number; receiveCount: string }[] = [];
    // The first delivery waits on the silent dependency; it is released after the timeout, so its
    // handler then reports success — which, were it not ignored, would delete the message.
    const handler = async (event: SQSEvent) => {
      const record = event.Records[0]!;
      deliveries.push({ at: Date.now(), receiveCount: record.attributes.ApproximateReceiveCount });
      if (deliveries.length === 1) await (await fetch(dependency.url)).text();
      return { batchItemFailures: [] };
    };
    const pollers = startPollers({
      sqs,
      queueUrls: { send: QueueUrl! } as never,
      queueArns: { send: 'arn:aws:sqs:local:000000000000:timeout' } as never,
      region: 'us-east-1',
      loadJob: async () => handler,
      retryDelaySeconds: 1,
      only: ['send'],
      timeoutSeconds: () => 1,
    });
    try {
      await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orgId":"o"}' }));
      await waitFor(() => deliveries[0], 10_000);
      // Past the function's timeout, the first invocation finishes late (and successfully).
      await new Promise((r) => setTimeout(r, 1500));
      dependency.release();
      const second = await waitFor(() => deliveries[1], 15_000);
      expect(second.receiveCount).toBe('2');
      // Not released early for a retry (as a failure would be): back only after the visibility timeout.
      expect(second.at - deliveries[0]!.at).toBeGreaterThanOrEqual(visibilitySeconds * 1000 - 250);
      // The second delivery answered in time: its message is deleted.
      const left = await (async () => {
        for (let i = 0; i < 40; i++) {
          const attrs = await sqs.send(
            new GetQueueAttributesCommand({
              QueueUrl,
              AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
            }),
          );
          const n =
            Number(attrs.Attributes?.ApproximateNumberOfMessages ?? 0) +
            Number(attrs.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
          if (n === 0) return 0;
          await new Promise((r) => setTimeout(r, 100));
        }
        return -1;
      })();
      expect(left).toBe(0);
      expect(deliveries).toHaveLength(2);
    } finally {
      await pollers.stop();
    }
  }, 30_000);

  it('answers 504 for an HTTP handler that overruns, and never sends its late result', async () => {
    let finished = false;
    const gateway = await startGateway({
      port: 0,
      cognitoUrl: `http://${HOST}:1`,
      userPoolId: 'local',
      userPoolClientId: 'local',
      webDir: '/nonexistent',
      verifierDir: '/nonexistent',
      readPublic: async () => undefined,
      functionTimeoutSeconds: 1,
      loadGroup: async () => async () => {
        const body = await (await fetch(dependency.url)).text();
        finished = true;
        return { statusCode: 200, body };
      },
    });
    try {
      const started = Date.now();
      const res = await fetch(`${gateway.url}/api/health`);
      expect(res.status).toBe(504);
      expect(await res.json()).toEqual({ message: 'Endpoint request timed out' });
      expect(Date.now() - started).toBeLessThan(5000);
      // The handler finishes late; the answer already given stands.
      dependency.release();
      await waitFor(() => (finished ? true : undefined), 5000);
    } finally {
      await gateway.stop();
    }
  }, 30_000);
});
