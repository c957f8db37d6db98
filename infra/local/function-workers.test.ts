// Each HTTP route group and each job in its own worker thread (function-workers.ts): a call reaches
// the real handler in another thread and its answer comes back; a function whose worker cannot
// start fails its call instead of leaving it waiting.
import { afterAll, describe, expect, it } from 'vitest';
import type { HttpEvent } from '../../functions/src/http/event';
import { jobs as jobDefs } from '../../functions/src/jobs';
import { functionWorkers, jobWorkers } from './function-workers';

const event = (routeKey: string): HttpEvent =>
  ({
    version: '2.0',
    routeKey,
    rawPath: routeKey.split(' ')[1],
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: '127.0.0.1',
      domainPrefix: 'local',
      http: {
        method: 'GET',
        path: routeKey.split(' ')[1],
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: '',
      },
      requestId: 'test-request',
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  }) as HttpEvent;

describe('the HTTP functions in worker threads', () => {
  // A worker takes this process's environment: every AWS endpoint a closed local port, so nothing
  // here can reach a real account.
  for (const service of ['DYNAMODB', 'S3', 'SQS', 'COGNITO_IDENTITY_PROVIDER', 'SESV2'])
    process.env[`AWS_ENDPOINT_URL_${service}`] = 'http://127.0.0.1:9';
  const functions = functionWorkers(29);
  // Stopping waits for a worker still starting (a warmed sibling).
  afterAll(() => functions.stop(), 60_000);

  it('answers a call with the group handler running in its own thread', async () => {
    const handler = await functions.loadGroup('health');
    // The dependencies are not running here: the handler itself answers that they are down.
    const result = await handler(event('GET /api/health'));
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body!)).toMatchObject({ Data: { status: 'degraded' } });
  }, 60_000);

  it("warms an area's other groups once one of them is first called", async () => {
    expect(functions.started()).not.toContain('demo-issuing');
    await functions.loadGroup('demo');
    // The sibling's worker is started in the background: it shows as started at once.
    expect(functions.started()).toContain('demo-issuing');
    // A group of another area is left alone.
    expect(functions.started()).not.toContain('workspace');
  }, 60_000);

  it('warms the recipients group with the uploads group: one screen calls both', async () => {
    expect(functions.started()).not.toContain('recipients');
    await functions.loadGroup('uploads');
    expect(functions.started()).toContain('recipients');
  }, 60_000);

  it('fails the call of a worker that cannot start', async () => {
    await expect(functions.loadGroup('no-such-group')).rejects.toThrow();
  }, 60_000);
});

describe('the jobs in worker threads', () => {
  const jobs = jobWorkers();
  afterAll(() => jobs.stop(), 60_000);

  it("warms every job's workers ahead of its first message, one per batch run at once", async () => {
    // Two jobs of jobs.ts: one that runs a batch at a time, and send, which runs four at once.
    const some = jobWorkers(['request-mail', 'send']);
    try {
      expect(some.started()).toEqual([]);
      await some.warmAll();
      expect(jobDefs.send.concurrency).toBe(4);
      expect(some.started().sort()).toEqual(['request-mail', 'send', 'send#1', 'send#2', 'send#3']);
    } finally {
      await some.stop();
    }
    // Each polling loop of send is handed a worker of its own.
    const one = jobWorkers(['send']);
    try {
      await one.loadJob('send', 2);
      expect(one.started()).toEqual(['send#2']);
    } finally {
      await one.stop();
    }
  }, 120_000);

  it("answers a batch with the job's handler, failures reported per message", async () => {
    const handler = await jobs.loadJob('mailevents');
    // A body that cannot parse is reported failed at once (sqs-job.ts), before any dependency is read.
    const result = await handler({
      Records: [
        {
          messageId: 'm-1',
          receiptHandle: 'r-1',
          body: 'not json',
          attributes: {
            ApproximateReceiveCount: '1',
            SentTimestamp: String(Date.now()),
            SenderId: 'local',
            ApproximateFirstReceiveTimestamp: String(Date.now()),
          },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:mailevents',
          awsRegion: 'us-east-1',
        },
      ],
    });
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-1' }] });
  }, 60_000);
});
