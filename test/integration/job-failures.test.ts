// Every job ends visibly: on the delivery after which its message is parked in the dead-letter
// queue, the record the user follows (the upload, the run) is settled as failed with a reason a
// user can read, every unfinished row says why, and an issue that will not happen is refunded.
// Each job runs here, in this process, against the test's local cloud with the dependency it needs
// really unreachable (a closed port): the last delivery of its message is handed to the job's own
// handler, whose answer (a batch item failure) is what parks the message (dead-letter.test.ts shows
// SQS parking such a message). The queue is unreachable from this process too, so nothing the
// arrangement queues reaches the local cloud's own job pollers.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import type { RunView } from '@proofmark/shared/contract/workspace';
import type { UploadView } from '@proofmark/shared/contract/uploads';
import { recipientMessages } from '@proofmark/shared/recipients/messages';
import { jobFailureReason } from '../../functions/src/domain/job-failure';
import { jobs, jobNames, type JobName } from '../../functions/src/jobs';
import { envNames } from '../../infra/resources';
import { freePort } from '../../infra/local/ports';
import { api, clients, cloud, eventually, mailTo, queueDrained } from './helpers';
import { registeredAdmin, uniqueEmail } from './accounts';
import { addStudents, issuedCertificates, setRow, toPkReceived } from './workspace-fixtures';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;
type Dependency = 's3' | 'mail' | 'chain';

const unreachable = jobFailureReason(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }));
let closedPort: string;

/** The functions' environment with the queue and the given dependencies pointed at a closed port. */
const functionsWith = async (dead: Dependency[]) => {
  const env: Record<string, string> = { ...cloud().functionEnv };
  for (const job of jobNames) env[envNames.queueUrl(job)] = `${closedPort}/000000000000/${job}`;
  if (dead.includes('s3')) env.AWS_ENDPOINT_URL_S3 = closedPort;
  if (dead.includes('mail')) env.AWS_ENDPOINT_URL_SESV2 = closedPort;
  if (dead.includes('chain')) env[envNames.chainRpcUrl] = closedPort;
  Object.assign(process.env, env);
  // Fresh modules: the adapters keep their clients, made from the environment when first used.
  vi.resetModules();
};

const handlers = {
  import: () => import('../../functions/src/jobs/import'),
  invite: () => import('../../functions/src/jobs/invite'),
  generate: () => import('../../functions/src/jobs/generate'),
  issue: () => import('../../functions/src/jobs/issue'),
  anchor: () => import('../../functions/src/jobs/anchor'),
  send: () => import('../../functions/src/jobs/send'),
  download: () => import('../../functions/src/jobs/download'),
  mailevents: () => import('../../functions/src/jobs/mailevents'),
  'mail-test': () => import('../../functions/src/jobs/mail-test'),
  'request-mail': () => import('../../functions/src/jobs/request-mail'),
} satisfies Record<JobName, () => Promise<{ handler: unknown }>>;
const runs = () => import('../../functions/src/domain/runs');

/** The last delivery of a message before the dead-letter queue, handed to the job's handler. */
const lastDelivery = async (job: JobName, body: object) => {
  await functionsWith(cases[job].dead);
  const handler = (await handlers[job]()).handler as (e: SQSEvent, c: unknown) => Promise<unknown>;
  const messageId = randomUUID();
  const event = {
    Records: [
      {
        messageId,
        body: JSON.stringify(body),
        attributes: { ApproximateReceiveCount: String(jobs[job].maxReceiveCount) },
      },
    ],
  } as unknown as SQSEvent;
  const answer = await handler(event, {});
  expect(answer, 'reported failed, so SQS parks it').toEqual({
    batchItemFailures: [{ itemIdentifier: messageId }],
  });
};

const runOf = async (admin: Admin, id: string) =>
  (await api<RunView>('GET', `/api/workspace/runs/${id}`, { token: admin.token })).body.Data!;
const balanceOf = async (admin: Admin) =>
  (await api<{ balance: number }>('GET', '/api/balance', { token: admin.token })).body.Data!.balance;

/** A cohort of students made through the API, their rows set as the job needs them. */
const cohortOf = async (admin: Admin, ids: string[], row?: (id: string) => Record<string, unknown>) => {
  const cohort = `F-${randomUUID().slice(0, 8)}`;
  await addStudents(
    admin,
    cohort,
    ids.map((id) => ({ id })),
  );
  if (row) for (const id of ids) await setRow(admin.orgId, cohort, id, row(id));
  return ids.map((id) => `${cohort}=${id}`);
};

/** An issue request opened as the workspace opens it (run, debit, claimed rows); its queueing fails. */
const openIssue = async (admin: Admin, ids: string[]) => {
  const key = await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } });
  expect([201, 409], JSON.stringify(key.body)).toContain(key.status);
  const items = await cohortOf(admin, ids, () => ({ status: 'generated', certUuid: randomUUID() }));
  const before = await balanceOf(admin);
  await functionsWith([]);
  const { resolveSelection } = await import('../../functions/src/domain/recipients/recipients');
  const { openIssueRun } = await import('../../functions/src/domain/workspace/issue/start');
  const { rows } = await resolveSelection(admin.orgId, 'degree', items);
  const runId = randomUUID();
  await expect(
    openIssueRun(admin.orgId, {
      kind: 'issue',
      runId,
      certtype: 'degree',
      rows,
      wholeCohort: false,
      blockchain: 'ethereum',
    }),
  ).rejects.toThrow();
  expect(await balanceOf(admin)).toBe(before - ids.length);
  return { runId, before };
};

interface Case {
  /** What is unreachable on the last delivery. */
  dead: Dependency[];
  /** Makes the job's record and rows, delivers its message for the last time, checks the outcome. */
  fails: (admin: Admin) => Promise<void>;
}

/** How each job is made to fail; the table must name every job of jobs.ts. */
const cases = {
  import: {
    dead: ['s3'],
    fails: async (admin) => {
      const ticket = await api<{ id: string; url: string }>('POST', '/api/uploads', {
        token: admin.token,
        body: {
          purpose: 'students',
          filename: 'big.xlsx',
          size: 3 * 1024 * 1024,
          cohortid: 'Big',
          certtype: 'degree',
        },
      });
      expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
      const id = ticket.body.Data!.id;
      // As the import request leaves a large upload: queued for the job.
      await functionsWith([]);
      const uploads = await import('../../functions/src/domain/uploads/uploads');
      await uploads.setRecord(admin.orgId, id, { state: 'queued', message: recipientMessages.importQueued });
      await lastDelivery('import', { orgId: admin.orgId, uploadId: id });
      const upload = (await api<UploadView>('GET', `/api/uploads/${id}`, { token: admin.token })).body.Data!;
      expect(upload).toMatchObject({ state: 'failed', message: unreachable });
    },
  },
  invite: {
    dead: ['mail', 's3'],
    fails: async (admin) => {
      const items = await cohortOf(admin, ['I1', 'I2']);
      await functionsWith([]);
      const run = await (await runs()).createRun(admin.orgId, 'invite', 2);
      await lastDelivery('invite', {
        orgId: admin.orgId,
        runId: run.id,
        chunk: 0,
        certtype: 'degree',
        items,
      });
      const after = await runOf(admin, run.id);
      expect(after).toMatchObject({ state: 'failed', done: 0, failed: 2 });
      expect([...after.errors].sort()).toEqual([
        expect.stringMatching(/^I1: .+/),
        expect.stringMatching(/^I2: .+/),
      ]);
    },
  },
  send: {
    dead: ['mail'],
    fails: async (admin) => {
      const items = await cohortOf(admin, ['M1', 'M2'], () => ({
        status: 'Certificate issued',
        certUuid: randomUUID(),
      }));
      await functionsWith([]);
      const run = await (await runs()).createRun(admin.orgId, 'send', 2);
      await lastDelivery('send', { orgId: admin.orgId, runId: run.id, chunk: 0, certtype: 'degree', items });
      const after = await runOf(admin, run.id);
      expect(after).toMatchObject({ state: 'failed', done: 0, failed: 2 });
      expect([...after.errors].sort()).toEqual([
        expect.stringMatching(/^M1: the mail could not be sent/),
        expect.stringMatching(/^M2: the mail could not be sent/),
      ]);
    },
  },
  generate: {
    dead: ['s3'],
    fails: async (admin) => {
      const key = await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } });
      expect(key.status, JSON.stringify(key.body)).toBe(201);
      const items = await cohortOf(admin, ['G1', 'G2']);
      await toPkReceived(admin, items);
      await functionsWith([]);
      const start = await import('../../functions/src/domain/workspace/generate-start');
      // The chunk is recorded before it is queued; the unreachable queue stops the request there.
      await expect(start.startGenerate(admin.orgId, 'degree', items)).rejects.toThrow();
      const run = (await (await runs()).listRuns(admin.orgId, 5)).find((r) => r.kind === 'generate')!;
      await lastDelivery('generate', { orgId: admin.orgId, runId: run.id, chunk: 0 });
      const after = await runOf(admin, run.id);
      expect(after).toMatchObject({ state: 'failed', done: 0, failed: 2 });
    },
  },
  issue: {
    dead: ['s3', 'chain'],
    fails: async (admin) => {
      const { runId, before } = await openIssue(admin, ['S1', 'S2', 'S3']);
      await lastDelivery('issue', { orgId: admin.orgId, runId });
      expect(await runOf(admin, runId)).toMatchObject({ state: 'failed', message: unreachable });
      // The debit of an issue that will not happen is refunded (a ledger entry with the run's id).
      expect(await balanceOf(admin)).toBe(before);
    },
  },
  anchor: {
    dead: ['chain'],
    fails: async (admin) => {
      const { runId, before } = await openIssue(admin, ['A1', 'A2']);
      // The issue job builds the batch; the unreachable queue stops it before the anchor is queued.
      await functionsWith([]);
      const issueJob = await import('../../functions/src/domain/workspace/issue/job');
      const { findBatch } = await import('../../functions/src/domain/batches/batches');
      // The organisation's first status lists are asked for before its batch; a list that cannot be
      // queued is asked for again by the next delivery, so the queue being out of reach would stop
      // the job there. Here they were queued when the request was accepted.
      const markers = await import('../../functions/src/domain/once-markers');
      for (const marker of ['revocationListRequestedAt', 'suspensionListRequestedAt'] as const)
        await markers.claimOnce(admin.orgId, marker);
      await expect(issueJob.runIssueJob(admin.orgId, runId)).rejects.toThrow();
      expect(await findBatch(admin.orgId, runId)).toBeDefined();
      await lastDelivery('anchor', { orgId: admin.orgId, batchId: runId });
      expect(await runOf(admin, runId)).toMatchObject({ state: 'failed', message: unreachable });
      // Not refunded: the anchor may yet be sent by a redrive, which then finishes the run.
      expect(await balanceOf(admin)).toBe(before - 2);
    },
  },
  download: {
    dead: ['s3'],
    fails: async (admin) => {
      const items = await cohortOf(admin, ['D1'], () => ({
        status: 'Certificate issued',
        certUuid: randomUUID(),
      }));
      await functionsWith([]);
      const run = await (await runs()).createRun(admin.orgId, 'download', items.length);
      await lastDelivery('download', { orgId: admin.orgId, runId: run.id, chunk: 0, certtype: 'degree' });
      expect(await runOf(admin, run.id)).toMatchObject({ state: 'failed', message: unreachable, failed: 1 });
    },
  },
  mailevents: {
    dead: [],
    // No record a user follows (SES events into counters): a poison event is parked, nothing else.
    fails: async () => lastDelivery('mailevents', { notAnSesEvent: true }),
  },
  'mail-test': {
    dead: [],
    // A malformed test-mail message is parked; a well-formed one that fails settles its run (mail-templates.test).
    fails: async () => lastDelivery('mail-test', { notATestMail: true }),
  },
  'request-mail': {
    dead: ['mail'],
    // A paid verification request the organisation could not be mailed: it stays paid (and listed)
    // and says why it was not mailed.
    fails: async (admin) => {
      await functionsWith([]);
      const { paidVerificationRequests } =
        await import('../../functions/src/store/paid-verification-requests');
      const requestId = randomUUID();
      await paidVerificationRequests()
        .create({
          orgId: admin.orgId,
          requestId,
          requestedAt: new Date().toISOString(),
          payer_name: 'Ada Employer',
          organization: 'Analytical Engines Ltd',
          designation: 'Head of Hiring',
          email: 'ada.employer@example.com',
          contactnumber: '+44 20 7946 0958',
          fullname: 'Grace Hopper',
          enrollnumber: 'ENR-1',
          competencyname: 'Bachelor of Science',
          paymentId: 'pi_notmailed',
          amountCents: 2500,
          currency: 'eur',
          status: 'paid',
          paidAt: new Date().toISOString(),
        })
        .go();
      await lastDelivery('request-mail', { orgId: admin.orgId, requestId });
      const { data } = await paidVerificationRequests().get({ orgId: admin.orgId, requestId }).go();
      expect(data).toMatchObject({ status: 'paid', mailFailure: unreachable });
      expect(data?.mailedAt).toBeUndefined();
    },
  },
} satisfies Record<JobName, Case>;

/** `npm run dlq -- <args>` against the test's local cloud. */
const dlq = (...args: string[]) =>
  promisify(execFile)('npm', ['run', '--silent', 'dlq', '--', ...args], {
    env: { ...process.env, DATA_DIR: cloud().dataDir },
  });

describe('a job that fails on every delivery', () => {
  let admin: Admin;
  beforeAll(async () => {
    closedPort = `http://127.0.0.1:${await freePort()}`;
    admin = await registeredAdmin();
  });

  it('has a failure case for every job', () => {
    expect(Object.keys(cases).sort()).toEqual([...jobNames].sort());
  });

  it.each(jobNames)(
    '%s settles its record as failed with a readable reason, then is parked',
    async (job) => {
      await cases[job].fails(admin);
    },
    120_000,
  );

  it('answers "The file is empty." for a zero-byte sheet declared as 1 byte', async () => {
    const ticket = await api<{ id: string; url: string }>('POST', '/api/uploads', {
      token: admin.token,
      body: { purpose: 'students', filename: 'empty.xlsx', size: 1, cohortid: 'Empty', certtype: 'degree' },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    expect((await fetch(ticket.body.Data!.url, { method: 'PUT', body: new Uint8Array(0) })).status).toBe(200);
    const res = await api<UploadView>('POST', `/api/uploads/${ticket.body.Data!.id}/import`, {
      token: admin.token,
    });
    expect(res.body.message, JSON.stringify(res.body)).toBe(recipientMessages.fileEmpty);
    const upload = (
      await api<UploadView>('GET', `/api/uploads/${ticket.body.Data!.id}`, { token: admin.token })
    ).body.Data!;
    expect(upload).toMatchObject({ state: 'failed', message: recipientMessages.fileEmpty });
  });

  it('is listed by npm run dlq and, redriven once its cause is gone, finishes: the upload turns from failed to done', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Students');
    ws.addRow(['First Name', 'Middle Name', 'Last Name', 'Email', 'Second Email', 'Student ID', 'Course']);
    ws.addRow(['Rita', '', 'Redrive', 'rita@example.test', '', 'R1', 'Physics']);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const cohortid = `Redrive-${randomUUID().slice(0, 6)}`;
    const ticket = await api<{ id: string; url: string }>('POST', '/api/uploads', {
      token: admin.token,
      body: { purpose: 'students', filename: 'r.xlsx', size: bytes.length, cohortid, certtype: 'degree' },
    });
    expect((await fetch(ticket.body.Data!.url, { method: 'PUT', body: bytes })).status).toBe(200);
    const id = ticket.body.Data!.id;
    // Its last delivery found S3 unreachable: the upload is settled failed and the message parked.
    await functionsWith([]);
    const uploads = await import('../../functions/src/domain/uploads/uploads');
    await uploads.setRecord(admin.orgId, id, { state: 'queued', message: recipientMessages.importQueued });
    await lastDelivery('import', { orgId: admin.orgId, uploadId: id });
    const body = JSON.stringify({ orgId: admin.orgId, uploadId: id });
    await clients().sqs.send(
      new SendMessageCommand({ QueueUrl: cloud().resources.dlqUrls.import, MessageBody: body }),
    );
    const failed = (await api<UploadView>('GET', `/api/uploads/${id}`, { token: admin.token })).body.Data!;
    expect(failed.state).toBe('failed');

    const listed = await dlq('list');
    expect(listed.stdout).toContain(`import  org ${admin.orgId}  upload ${id}`);
    // With the record's state and its first error, as the user sees it.
    const listedLine = listed.stdout.split('\n').find((l) => l.includes(id));
    expect(listedLine).toContain(`failed: ${failed.message}`);
    await dlq('redrive', 'import');
    const done = await eventually(async () => {
      const u = (await api<UploadView>('GET', `/api/uploads/${id}`, { token: admin.token })).body.Data!;
      return u.state === 'done' ? u : undefined;
    }, 60_000);
    expect(done.summary).toMatchObject({ recipients: 1 });
    expect((await dlq('list')).stdout).not.toContain(id);
  }, 120_000);

  it('redriven once its cause is gone, finishes a chunked run: the send run and its rows turn from failed to done, each mailed once, a row edited since left alone', async () => {
    const cohort = `RS-${randomUUID().slice(0, 8)}`;
    const ids = ['RS1', 'RS2', 'RS3'];
    const emails = ids.map((id) => uniqueEmail(id.toLowerCase()));
    await addStudents(
      admin,
      cohort,
      ids.map((id, i) => ({ id, email: emails[i] })),
    );
    for (const id of ids)
      await setRow(admin.orgId, cohort, id, { status: 'Certificate issued', certUuid: randomUUID() });
    const items = ids.map((id) => `${cohort}=${id}`);
    await functionsWith([]);
    const run = await (await runs()).createRun(admin.orgId, 'send', ids.length);
    const message = { orgId: admin.orgId, runId: run.id, chunk: 0, certtype: 'degree', items };
    // Its last delivery found the mail server unreachable: the run and every row settled failed.
    await lastDelivery('send', message);
    expect(await runOf(admin, run.id)).toMatchObject({ state: 'failed', done: 0, failed: 3 });
    // Meanwhile the user corrects one row's address: that row is no longer the run's to mail.
    const edited = uniqueEmail('rs3-edited');
    const upd = await api('POST', '/api/recipients/update', {
      token: admin.token,
      body: {
        selectedcoid: cohort,
        selectedstdid: 'RS3',
        selectedCertType: 'degree',
        newemail: edited,
        firstname: 'FirstRS3',
        middlename: '',
        lastname: 'LastRS3',
      },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);

    // The message is parked; the mail server is back (the local cloud's own); an operator redrives it.
    await clients().sqs.send(
      new SendMessageCommand({
        QueueUrl: cloud().resources.dlqUrls.send,
        MessageBody: JSON.stringify(message),
      }),
    );
    await dlq('redrive', 'send');
    const done = await eventually(async () => {
      const r = await runOf(admin, run.id);
      return r.state === 'done' ? r : undefined;
    }, 60_000);
    expect(done).toMatchObject({ done: 2, failed: 1 });
    expect(done.errors).toEqual([expect.stringMatching(/^RS3: the mail could not be sent/)]);
    // Each redriven row mailed once; the edited row not at all.
    for (const email of emails.slice(0, 2)) expect(await mailTo(email), email).toHaveLength(1);
    expect(await mailTo(emails[2]!)).toHaveLength(0);
    expect(await mailTo(edited)).toHaveLength(0);
    const { resolveSelection } = await import('../../functions/src/domain/recipients/recipients');
    const { rows } = await resolveSelection(admin.orgId, 'degree', items);
    const byId = Object.fromEntries(rows.map((r) => [r.studentid, r]));
    expect(byId.RS1).toMatchObject({ status: 'Certificate sent', sendRun: run.id, mailError: '' });
    expect(byId.RS2).toMatchObject({ status: 'Certificate sent', sendRun: run.id, mailError: '' });
    expect(byId.RS3).toMatchObject({ status: 'Certificate issued', failedRun: run.id });
    expect(byId.RS3!.mailError).toMatch(/the mail could not be sent/);
    // A second redrive of the same message does nothing twice.
    await clients().sqs.send(
      new SendMessageCommand({
        QueueUrl: cloud().resources.dlqUrls.send,
        MessageBody: JSON.stringify(message),
      }),
    );
    await dlq('redrive', 'send');
    await queueDrained('send');
    expect(await runOf(admin, run.id)).toMatchObject({ state: 'done', done: 2, failed: 1 });
    for (const email of emails.slice(0, 2)) expect(await mailTo(email), email).toHaveLength(1);
  }, 120_000);
  it('redriven once its cause is gone, builds a download its job gave up on: the run turns from failed to done with its zip', async () => {
    const uuid = randomUUID();
    const items = await cohortOf(admin, ['DR1'], () => ({ status: 'Sent for Review', certUuid: uuid }));
    await functionsWith([]);
    const { putObject, getObjectBytes } = await import('../../functions/src/adapters/blobs');
    const { objectKeys } = await import('../../functions/src/domain/object-keys');
    const pdf = new TextEncoder().encode('%PDF-1.7 the generated certificate');
    await putObject('artefacts', objectKeys.generated(admin.orgId, uuid, 'pdf'), pdf, 'application/pdf');
    const run = await (await runs()).createRun(admin.orgId, 'download', items.length);
    await putObject(
      'artefacts',
      objectKeys.downloadRequest(admin.orgId, run.id),
      JSON.stringify({ certtype: 'degree', selectedItems: items, downloadpdf: true }),
      'application/json',
    );
    const message = { orgId: admin.orgId, runId: run.id, chunk: 0, certtype: 'degree' };
    // Its last delivery found S3 unreachable: the run failed.
    await lastDelivery('download', message);
    expect(await runOf(admin, run.id)).toMatchObject({ state: 'failed', message: unreachable });
    // Redriven with S3 back (a redriven message starts its receive count again).
    await functionsWith([]);
    const handler = (await handlers.download()).handler as (e: SQSEvent, c: unknown) => Promise<unknown>;
    const redriven = {
      Records: [
        {
          messageId: randomUUID(),
          body: JSON.stringify(message),
          attributes: { ApproximateReceiveCount: '1' },
        },
      ],
    } as unknown as SQSEvent;
    expect(await handler(redriven, {})).toEqual({ batchItemFailures: [] });
    expect(await runOf(admin, run.id)).toMatchObject({ state: 'done', done: 1, failed: 0 });
    const zip = await getObjectBytes('artefacts', objectKeys.download(admin.orgId, run.id));
    expect(Buffer.from(zip!).includes(Buffer.from('DR1.pdf'))).toBe(true);
  });

  it('redriven once its cause is gone, issues a request its job gave up on: the rows still as the settle left them issued once, debited once again, the run turned from failed to done', async () => {
    // An organisation whose status lists are anchored already (its first issue anchors them; the
    // arrangements above queue nothing, so this file's own organisation has them waiting).
    const admin = await registeredAdmin();
    await issuedCertificates(admin, 1);
    const { runId, before } = await openIssue(admin, ['RI1', 'RI2', 'RI3']);
    const message = { orgId: admin.orgId, runId };
    // Its last delivery found S3 and the chain unreachable: failed, refunded, its rows given back.
    await lastDelivery('issue', message);
    expect(await runOf(admin, runId)).toMatchObject({ state: 'failed', message: unreachable });
    expect(await balanceOf(admin)).toBe(before);
    const { resolveSelection } = await import('../../functions/src/domain/recipients/recipients');
    const { findIssueRun } = await import('../../functions/src/domain/workspace/issue/run');
    const items = (await findIssueRun(admin.orgId, runId))!.items;
    // Meanwhile the user changes one row: it is no longer the run's to issue.
    const rowsNow = (await resolveSelection(admin.orgId, 'degree', items)).rows;
    const ri3 = rowsNow.find((r) => r.studentid === 'RI3')!;
    await setRow(admin.orgId, ri3.cohortid, 'RI3', {
      firstname: 'Changed',
      updatedAt: new Date().toISOString(),
    });

    // The causes are gone (the local cloud's own S3 and chain); an operator redrives the message.
    const redrive = async () => {
      await clients().sqs.send(
        new SendMessageCommand({
          QueueUrl: cloud().resources.dlqUrls.issue,
          MessageBody: JSON.stringify(message),
        }),
      );
      await dlq('redrive', 'issue');
    };
    await redrive();
    const done = await eventually(async () => {
      const r = await runOf(admin, runId);
      return r.state === 'done' ? r : undefined;
    }, 110_000);
    expect(done).toMatchObject({ done: 2, batchId: runId });
    expect(done.txId).toBeTruthy();
    // Debited again once, for the two rows issued (three were refunded by the settle).
    expect(await balanceOf(admin)).toBe(before - 2);
    const byId = async () =>
      Object.fromEntries(
        (await resolveSelection(admin.orgId, 'degree', items)).rows.map((r) => [r.studentid, r]),
      );
    const issued = await byId();
    for (const id of ['RI1', 'RI2'])
      expect(issued[id], id).toMatchObject({
        status: 'Certificate issued',
        batchId: runId,
        issueRequestId: runId,
      });
    expect(issued.RI3).toMatchObject({ status: 'generated', firstname: 'Changed' });
    expect(issued.RI3!.issueRequestId).toBeUndefined();

    // The same message redriven again issues and debits nothing.
    await redrive();
    await queueDrained('issue');
    expect(await runOf(admin, runId)).toMatchObject({ state: 'done', done: 2, txId: done.txId });
    expect(await balanceOf(admin)).toBe(before - 2);
    const again = await byId();
    for (const id of ['RI1', 'RI2']) expect(again[id]!.issuedAt, id).toBe(issued[id]!.issuedAt);
  }, 400_000);
});
