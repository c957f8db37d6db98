/**
 * `npm run dlq -- list` / `npm run dlq -- redrive <job>`: the parked messages of the job queues.
 *
 * On one machine it reads the local cloud that `npm start` runs (its data directory: DATA_DIR, as
 * `npm start` takes it, default .data); with `--aws` it uses the account and region of the AWS
 * environment, finding the queues by their `proofmark:queue` tag, and redrives with SQS's own
 * message-move task. A redriven message is an ordinary delivery again: the jobs are idempotent, so
 * what was done is not done twice, and a record settled as failed by the parked delivery is
 * finished (an upload's import, an anchor's run). Each listed message shows its record's state and
 * first error, read from the product's table (in AWS: TABLE_NAME, the stack's output).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ListQueuesCommand,
  ListQueueTagsCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
  StartMessageMoveTaskCommand,
  type Message,
} from '@aws-sdk/client-sqs';
import { jobNames, type JobName } from '../functions/src/jobs';
import { useProductTable } from './product-table';

// The lockfile pins SDK versions that support Node 20; their notice about later versions is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

interface Queues {
  sqs: SQSClient;
  url: (job: JobName, dlq: boolean) => Promise<string>;
  aws: boolean;
}

const localQueues = (): Queues => {
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  const runtime = path.join(dataDir, 'runtime.json');
  if (!fs.existsSync(runtime)) {
    console.error(`No local cloud in ${dataDir} (no runtime.json): start it with npm start, or use --aws.`);
    process.exit(2);
  }
  const info = JSON.parse(fs.readFileSync(runtime, 'utf8')) as {
    region: string;
    endpoints: { sqs: string };
    resources: { queueUrls: Record<JobName, string>; dlqUrls: Record<JobName, string> };
  };
  const sqs = new SQSClient({
    region: info.region,
    endpoint: info.endpoints.sqs,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestHandler: { connectionTimeout: 3000, requestTimeout: 10_000, throwOnRequestTimeout: true },
  });
  return {
    sqs,
    aws: false,
    url: async (job, dlq) => (dlq ? info.resources.dlqUrls : info.resources.queueUrls)[job],
  };
};

const awsQueues = (): Queues => {
  const sqs = new SQSClient({ requestHandler: { connectionTimeout: 3000, requestTimeout: 10_000 } });
  let byTag: Promise<Map<string, string>> | undefined;
  const tagged = async () => {
    const urls: string[] = [];
    let NextToken: string | undefined;
    do {
      const page = await sqs.send(new ListQueuesCommand({ NextToken, MaxResults: 1000 }));
      urls.push(...(page.QueueUrls ?? []));
      NextToken = page.NextToken;
    } while (NextToken);
    const map = new Map<string, string>();
    for (const url of urls) {
      const tag = (await sqs.send(new ListQueueTagsCommand({ QueueUrl: url }))).Tags?.['proofmark:queue'];
      if (tag) map.set(tag, url);
    }
    return map;
  };
  return {
    sqs,
    aws: true,
    url: async (job, dlq) => {
      const url = (await (byTag ??= tagged())).get(dlq ? `${job}-dlq` : job);
      if (!url)
        throw new Error(
          `no queue tagged proofmark:queue=${dlq ? `${job}-dlq` : job} in this account and region`,
        );
      return url;
    },
  };
};

/** The parked messages, each once: received with no visibility timeout, so they stay where they are. */
const parked = async (q: Queues, job: JobName): Promise<Message[]> => {
  const seen = new Map<string, Message>();
  for (let round = 0; round < 20; round++) {
    const out = await q.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: await q.url(job, true),
        MaxNumberOfMessages: 10,
        VisibilityTimeout: 0,
        WaitTimeSeconds: round === 0 ? 1 : 0,
        AttributeNames: ['All'],
      }),
    );
    const fresh = (out.Messages ?? []).filter((m) => !seen.has(m.MessageId!));
    if (!fresh.length) break;
    for (const m of fresh) seen.set(m.MessageId!, m);
  }
  return [...seen.values()];
};

type Body = Record<string, unknown>;

const bodyOf = (m: Message): Body => {
  try {
    return JSON.parse(m.Body ?? '') as Body;
  } catch {
    // A body that is not JSON is shown as it is.
    return {};
  }
};

/**
 * The state of the record a message drives and its first error, as the user sees them: a run's
 * first row error (or its message), an upload's message. Read from the table, since SQS keeps no
 * error with a parked message. Undefined when the table cannot be read (in AWS without TABLE_NAME).
 */
type RecordState = (body: Body) => Promise<string | undefined>;

const recordStateReader = async (aws: boolean): Promise<RecordState> => {
  // In AWS the table is named by TABLE_NAME (the stack's output), never a local cloud's.
  if (aws && !process.env.TABLE_NAME) return async () => undefined;
  try {
    useProductTable();
  } catch {
    return async () => undefined;
  }
  const { findRun } = await import('../functions/src/domain/runs');
  const { getRecord } = await import('../functions/src/domain/uploads/uploads');
  return async (body) => {
    const orgId = typeof body.orgId === 'string' ? body.orgId : undefined;
    if (!orgId) return undefined;
    try {
      if (typeof body.runId === 'string') {
        const run = await findRun(orgId, body.runId);
        return run && `${run.state}: ${run.errors[0] ?? run.message}`;
      }
      if (typeof body.uploadId === 'string') {
        const upload = await getRecord(orgId, body.uploadId);
        return `${upload.state}: ${upload.message}`;
      }
    } catch {
      return 'record not found';
    }
    return undefined;
  };
};

/**
 * One line: job, organisation, the record the message drives, when it was first sent, and the
 * record's state with its first error.
 */
const line = async (job: JobName, m: Message, stateOf: RecordState) => {
  const body = bodyOf(m);
  const record =
    ['uploadId', 'runId', 'batchId']
      .filter((k) => body[k])
      .map((k) => `${k.replace('Id', '')} ${String(body[k])}`)
      .join(' ') + (body.chunk === undefined ? '' : ` chunk ${String(body.chunk)}`);
  const sent = m.Attributes?.SentTimestamp ? new Date(Number(m.Attributes.SentTimestamp)).toISOString() : '?';
  const state = await stateOf(body);
  return [
    job,
    `org ${String(body.orgId ?? '?')}`,
    record || (m.Body ?? '').slice(0, 80),
    `sent ${sent}`,
    ...(state ? [`${state.replace(/\s+/g, ' ').slice(0, 200)}`] : []),
  ].join('  ');
};

const list = async (q: Queues) => {
  const stateOf = await recordStateReader(q.aws);
  let total = 0;
  for (const job of jobNames) {
    for (const m of await parked(q, job)) {
      console.log(await line(job, m, stateOf));
      total += 1;
    }
  }
  if (!total) console.log('No parked messages.');
};

const redrive = async (q: Queues, job: JobName) => {
  if (q.aws) {
    const arnOf = async (url: string) =>
      (await q.sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] })))
        .Attributes!.QueueArn!;
    const task = await q.sqs.send(
      new StartMessageMoveTaskCommand({
        SourceArn: await arnOf(await q.url(job, true)),
        DestinationArn: await arnOf(await q.url(job, false)),
      }),
    );
    console.log(`Moving ${job}'s parked messages back (task ${task.TaskHandle}).`);
    return;
  }
  // One machine: each parked message is sent to its queue again, then removed from the dead-letter queue.
  let moved = 0;
  for (;;) {
    const out = await q.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: await q.url(job, true),
        MaxNumberOfMessages: 10,
        VisibilityTimeout: 30,
      }),
    );
    const messages = out.Messages ?? [];
    if (!messages.length) break;
    for (const m of messages) {
      await q.sqs.send(new SendMessageCommand({ QueueUrl: await q.url(job, false), MessageBody: m.Body! }));
      await q.sqs.send(
        new DeleteMessageCommand({ QueueUrl: await q.url(job, true), ReceiptHandle: m.ReceiptHandle! }),
      );
      moved += 1;
    }
  }
  console.log(`Moved ${moved} parked ${job} message(s) back to their queue.`);
};

const main = async () => {
  const args = process.argv.slice(2);
  const aws = args.includes('--aws');
  const [command, job] = args.filter((a) => a !== '--aws');
  const q = aws ? awsQueues() : localQueues();
  if (command === 'list') return list(q);
  if (command === 'redrive' && jobNames.includes(job as JobName)) return redrive(q, job as JobName);
  console.error(`Usage: npm run dlq -- list | redrive <${jobNames.join('|')}> [--aws]`);
  process.exit(2);
};

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
