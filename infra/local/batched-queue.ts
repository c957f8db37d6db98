import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';

/** SQS takes at most ten messages in one SendMessageBatch. */
const MAX_BATCH = 10;

/**
 * Queues messages the way SNS delivers them to a queue (one message each), but sends those that
 * arrive together in SendMessageBatch requests of up to ten: a send run's mail events came one
 * request each, which the local queue server and this thread paid for on every mail. A message is
 * held at most `waitMs`. What the queue refuses is logged, as the unbatched sends were.
 */
export const batchedQueue = (sqs: SQSClient, queueUrl: () => string, waitMs = 10) => {
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const bodies = pending;
    pending = [];
    if (!bodies.length) return;
    try {
      const out = await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl(),
          Entries: bodies.map((MessageBody, i) => ({ Id: String(i), MessageBody })),
        }),
      );
      for (const f of out.Failed ?? []) console.error(`queueing a message: ${f.Code} ${f.Message ?? ''}`);
    } catch (err) {
      console.error(`queueing ${bodies.length} message(s):`, err);
    }
  };
  return {
    send: (body: string) => {
      pending.push(body);
      if (pending.length >= MAX_BATCH) void flush();
      else timer ??= setTimeout(() => void flush(), waitMs);
    },
    flush,
  };
};
