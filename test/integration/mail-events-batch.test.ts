import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import type { StudentRow } from '@proofmark/shared/recipients/rules';
import { cloud } from './helpers';
import { registeredAdmin } from './accounts';

/*
 * The mailevents job takes a queue batch of SES events at once: one batch get for the batch's
 * mails and one transaction per cohort and stage (each event's once-only mark still conditional),
 * instead of a read and a transaction per event. Counted by the DynamoDB commands its handler
 * sends, here in this process against the test's local cloud; the counts stay exact when events
 * repeat within a batch and when the batch is delivered again, and a message that does not parse
 * is still reported failed by itself.
 */
describe('mail events in batches', () => {
  let tracking: typeof import('../../functions/src/domain/dashboard/tracking');
  let handler: (e: SQSEvent, c: unknown) => Promise<{ batchItemFailures: { itemIdentifier: string }[] }>;
  let funnel: () => Promise<Record<string, number | undefined>>;
  let rowOf: (studentid: string) => Promise<{ bouncedAt?: string } | undefined>;
  const commands: string[] = [];
  const cohort = 'EVENTS-BATCH';
  const ids = Array.from({ length: 10 }, (_, i) => `E${i}`);
  const emailOf = (id: string) => `events-${id.toLowerCase()}@example.test`;
  let tokens: string[];

  beforeAll(async () => {
    Object.assign(process.env, cloud().functionEnv);
    tracking = await import('../../functions/src/domain/dashboard/tracking');
    handler = (await import('../../functions/src/jobs/mailevents')).handler as unknown as typeof handler;
    const store = await import('../../functions/src/domain/recipients/recipient-store');
    const { cohortStats } = await import('../../functions/src/store/cohort-stats');
    const { dynamoClient } = await import('../../functions/src/adapters/aws-dynamo');
    const { orgId } = await registeredAdmin();
    await store.putCohort(orgId, cohort);
    await store.putNewStudents(
      orgId,
      cohort,
      'degree',
      ids.map(
        (studentid, i): StudentRow => ({
          row: i + 2,
          studentid,
          firstname: 'Ev',
          middlename: '',
          lastname: studentid,
          email: emailOf(studentid),
          secondemail: '',
          extra: {},
        }),
      ),
    );
    const tracked = await tracking.trackMails(
      ids.map((studentid) => ({
        orgId,
        cohortid: cohort,
        certtype: 'degree',
        studentid,
        kind: 'certificate' as const,
        email: emailOf(studentid),
        links: ['https://example.test/verify'],
      })),
    );
    tokens = tracked.map((t) => t.token);
    funnel = async () => (await cohortStats().get({ orgId, cohortid: cohort }).go()).data ?? {};
    rowOf = (studentid) => store.getRecipient(orgId, cohort, 'degree', studentid);
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        commands.push(context.commandName ?? '?');
        return next(args);
      },
      { step: 'initialize', name: 'countCommands' },
    );
  }, 240_000);

  const delivery = (i: number) => ({
    eventType: 'Delivery',
    mail: { messageId: randomUUID(), tags: { mailToken: [tokens[i]!] } },
    delivery: { recipients: [emailOf(ids[i]!)] },
  });
  const bounce = (i: number) => ({
    eventType: 'Bounce',
    mail: { messageId: randomUUID(), tags: { mailToken: [tokens[i]!] } },
    bounce: {
      bounceType: 'Permanent',
      bounceSubType: 'General',
      bouncedRecipients: [{ emailAddress: emailOf(ids[i]!) }],
    },
  });
  const batchOf = (bodies: unknown[]) =>
    ({
      Records: bodies.map((b) => ({
        messageId: randomUUID(),
        body: typeof b === 'string' ? b : JSON.stringify(b),
        attributes: { ApproximateReceiveCount: '1' },
      })),
    }) as unknown as SQSEvent;
  const handle = async (event: SQSEvent) => {
    commands.length = 0;
    const answer = await handler(event, {});
    const sent = (name: string) => commands.filter((c) => c === name).length;
    return { answer, sent };
  };

  // Seven deliveries, one of them twice, a permanent bounce and a message that does not parse.
  let first: SQSEvent;

  it('reads the batch in one batch get and counts it in a transaction per stage', async () => {
    first = batchOf([...[0, 1, 2, 3, 4, 5, 6].map(delivery), delivery(0), bounce(8), 'not json']);
    const { answer, sent } = await handle(first);
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: first.Records[9]!.messageId }]);
    expect(sent('BatchGetItemCommand')).toBe(1);
    expect(sent('GetItemCommand')).toBe(0);
    // Delivered and bounced: one transaction each.
    expect(sent('TransactWriteItemsCommand')).toBe(2);
    expect(await funnel()).toMatchObject({ delivered: 7, bounced: 1 });
    expect((await rowOf('E8'))?.bouncedAt).toBeTruthy();
    expect((await rowOf('E7'))?.bouncedAt).toBeUndefined();
  });

  it('counts nothing again when the batch is delivered again, and counts what is new beside it', async () => {
    await handle(first);
    expect(await funnel()).toMatchObject({ delivered: 7, bounced: 1 });
    const { answer } = await handle(batchOf([delivery(3), delivery(9), delivery(7)]));
    expect(answer.batchItemFailures).toEqual([]);
    expect(await funnel()).toMatchObject({ delivered: 9, bounced: 1 });
  });
});
