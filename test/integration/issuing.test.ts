import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import type { TransactionReceipt } from '@proofmark/shared/contract/transactions';
import type { ApprovalsData } from '@proofmark/shared/contract/approvals';
import type { RunView } from '@proofmark/shared/contract/workspace';
import type { UploadView } from '@proofmark/shared/contract/uploads';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { chainResolver, createEvmRpcLookup, verifyCredential } from '@proofmark/shared/blockcerts/index';
import { api, awaitMail, clients, cloud, eventually, type ApiAnswer } from './helpers';
import { registeredAdmin, uniqueEmail } from './accounts';
import { boughtStarter, deliver, ledgerOf as ledgerPage, refundedEvent, STARTER } from './stripe-fixtures';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

// ——— arranging: a cohort uploaded, keys copied from emails, certificates generated ———

const header = ['First Name', 'Middle Name', 'Last Name', 'Email', 'Second Email', 'Student ID', 'Course'];
const xlsx = async (rows: string[][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Students');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

const uploadCohort = async (admin: Admin, cohortid: string, ids: string[], certtype = 'degree') => {
  const bytes = await xlsx([
    header,
    ...ids.map((id) => [`First${id}`, '', `Last${id}`, uniqueEmail(id.toLowerCase()), '', id, 'Physics']),
  ]);
  const t = await api<{ id: string; url: string }>('POST', '/api/uploads', {
    token: admin.token,
    body: { purpose: 'students', filename: `${cohortid}.xlsx`, size: bytes.length, cohortid, certtype },
  });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  expect((await fetch(t.body.Data!.url, { method: 'PUT', body: bytes })).status).toBe(200);
  await api('POST', `/api/uploads/${t.body.Data!.id}/import`, { token: admin.token });
  await eventually(async () => {
    const p = (await api<UploadView>('GET', `/api/uploads/${t.body.Data!.id}`, { token: admin.token })).body
      .Data!;
    if (p.state === 'failed') throw new Error(`import failed: ${JSON.stringify(p)}`);
    return p.state === 'done' ? p : undefined;
  }, 60_000);
};

const items = (cohort: string, ids: string[]) => ids.map((id) => `${cohort}=${id}`);

const table = () => cloud().resources.tableName;
const rowOf = async (admin: Admin, cohort: string, student: string, certtype = 'degree') =>
  (
    await clients().dynamo.send(
      new GetCommand({
        TableName: table(),
        Key: { pk: `ORG#${admin.orgId}#COH#${cohort}`, sk: `CT#${certtype}#R#${student}` },
        ConsistentRead: true,
      }),
    )
  ).Item as Record<string, unknown> & { status: string; certUuid?: string };
const statuses = async (admin: Admin, cohort: string, ids: string[], certtype = 'degree') =>
  Promise.all(ids.map(async (id) => (await rowOf(admin, cohort, id, certtype)).status));

const runOf = (admin: Admin, id: string) =>
  api<RunView>('GET', `/api/workspace/runs/${id}`, { token: admin.token });
const finishedRun = (admin: Admin, id: string, timeoutMs = 120_000) =>
  eventually(async () => {
    const run = (await runOf(admin, id)).body.Data;
    if (run?.state === 'failed') throw new Error(`run failed: ${JSON.stringify(run)}`);
    return run?.state === 'done' ? run : undefined;
  }, timeoutMs);

const generate = async (admin: Admin, cohort: string, ids: string[]) => {
  const res = await api<RunView>('POST', '/api/workspace/generate', {
    token: admin.token,
    body: { certtype: 'degree', selectedItems: items(cohort, ids) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await finishedRun(admin, res.body.Data!.id, 180_000);
  expect(await statuses(admin, cohort, ids)).toEqual(ids.map(() => 'generated'));
};

const prepareCohort = async (admin: Admin, cohort: string, ids: string[]) => {
  await uploadCohort(admin, cohort, ids);
  const copied = await api('POST', '/api/recipients/copy-email-as-key', {
    token: admin.token,
    body: { certtype: 'degree', selectedItems: [`${cohort}=`] },
  });
  expect(copied.status, JSON.stringify(copied.body)).toBe(200);
  await generate(admin, cohort, ids);
};

const balance = async (admin: Admin) =>
  (await api<{ balance: number }>('GET', '/api/balance', { token: admin.token })).body.Data!.balance;
const setBalance = (admin: Admin, value: number) =>
  clients().dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: `ORG#${admin.orgId}`, sk: 'ORG' },
      UpdateExpression: 'SET balance = :b',
      ExpressionAttributeValues: { ':b': value },
    }),
  );

const removeBalance = (admin: Admin) =>
  clients().dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: `ORG#${admin.orgId}`, sk: 'ORG' },
      UpdateExpression: 'REMOVE balance',
    }),
  );
/** The balance ledger's entries of one run: what it was charged and given back, oldest first. */
const ledgerOf = async (admin: Admin, runId: string) => {
  const out = await clients().dynamo.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `ORG#${admin.orgId}`, ':sk': 'LEDGER#' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? [])
    .filter((e) => e.runId === runId)
    .map((e) => ({ amount: e.amount as number, reason: e.reason as string }));
};

const transactions = async (admin: Admin) =>
  (await api<TransactionReceipt[]>('GET', '/api/transactions', { token: admin.token })).body.Data!;
const credentialBatches = async (admin: Admin) =>
  (await transactions(admin)).filter((t) => t.kind === 'credentials');

const issue = (admin: Admin, body: Record<string, unknown>) =>
  api<RunView>('POST', '/api/workspace/issue', {
    token: admin.token,
    body: {
      email: admin.email,
      password: admin.password,
      certtype: 'degree',
      requestId: randomUUID(),
      ...body,
    },
  });

const issuedStat = async (admin: Admin) => {
  const out = await clients().dynamo.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `ORG#${admin.orgId}`, ':sk': 'STAT#' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).reduce(
    (acc, i) => ({
      issued: acc.issued + Number(i.issued ?? 0),
      revoked: acc.revoked + Number(i.revoked ?? 0),
    }),
    { issued: 0, revoked: 0 },
  );
};

const rpc = async (method: string, params: unknown[]) => {
  const res = await fetch(cloud().endpoints.chain, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
};
const verify = async (credential: unknown) => {
  await rpc('evm_mine', []);
  return verifyCredential(credential, {
    fetch: (url) => fetch(url),
    chains: chainResolver({
      'eth:sepolia': createEvmRpcLookup({ rpcUrl: cloud().endpoints.chain, fetch: (u, i) => fetch(u, i) }),
    }),
  });
};

const slugOf = async (admin: Admin) => {
  const me = await api<{ organization_verify_uri: string }>('GET', '/api/auth/me', { token: admin.token });
  return me.body.Data!.organization_verify_uri.split('/').pop()!;
};
const publicDoc = (slug: string, uuid: string, suffix = '.json') =>
  `${cloud().functionEnv.PUBLIC_BASE_URL}/credentials/${slug}/${uuid}${suffix}`;

/** A refused call: the given message, 400, and nothing changed (balance, rows, batches). */
const expectRefused = async (
  admin: Admin,
  call: () => Promise<ApiAnswer>,
  message: string,
  watch: { cohort: string; ids: string[] },
) => {
  const before = {
    balance: await balance(admin),
    rows: await statuses(admin, watch.cohort, watch.ids),
    batches: (await transactions(admin)).length,
  };
  const res = await call();
  expect(res.body.message, JSON.stringify(res.body)).toBe(message);
  expect(res.status).toBe(400);
  expect({
    balance: await balance(admin),
    rows: await statuses(admin, watch.cohort, watch.ids),
    batches: (await transactions(admin)).length,
  }).toEqual(before);
};

// ——— the tests ———

describe('issuing from the workspace', () => {
  let admin: Admin;
  let slug: string;
  /** The request the double-click test issued (A1–A3). */
  let issuedRequest: string;
  const C = 'ISS-A';
  const ids = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9'];

  beforeAll(async () => {
    admin = await registeredAdmin();
    const key = await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } });
    expect(key.status).toBe(201);
    slug = await slugOf(admin);
    await prepareCohort(admin, C, ids);
  }, 300_000);

  it('starts a new organisation with the free trial', async () => {
    expect(await balance(admin)).toBe(FREE_TRIAL_CERTIFICATES);
  });

  it('refuses every wrong request with its message and changes nothing', async () => {
    const watch = { cohort: C, ids };
    await expectRefused(admin, () => issue(admin, { selectedItems: [] }), m.noSelectedItems, watch);
    await expectRefused(
      admin,
      () => issue(admin, { selectedItems: items(C, ['A1']), password: 'not the password' }),
      m.wrongCredentials,
      watch,
    );
    await expectRefused(
      admin,
      () => issue(admin, { selectedItems: items(C, ['A1']), email: 'someone.else@example.test' }),
      m.notYourEmail,
      watch,
    );
    await expectRefused(
      admin,
      () => issue(admin, { selectedItems: items(C, ['A1']), email: '' }),
      m.inputEmail,
      watch,
    );
    await expectRefused(
      admin,
      () => issue(admin, { selectedItems: items(C, ['A1']), password: '' }),
      m.inputPassword,
      watch,
    );
    await expectRefused(
      admin,
      () =>
        issue(admin, {
          selectedItems: items(C, ['A1']),
          scheduleAt: new Date(Date.now() - 60_000).toISOString(),
        }),
      m.scheduleInPast,
      watch,
    );
    // Rows that are not generated (another cohort, PK received only).
    await uploadCohort(admin, 'ISS-PK', ['P1']);
    await expectRefused(
      admin,
      () => issue(admin, { selectedItems: ['ISS-PK=P1'] }),
      m.selectCorrectItems,
      watch,
    );
    await expectRefused(admin, () => issue(admin, { selectedCohort: 'ISS-PK' }), m.selectCorrectItems, watch);
    // Certificate actions on rows that have none.
    const call = (path: string, body: Record<string, unknown>) => () =>
      api(path.startsWith('GET') ? 'GET' : 'POST', path, { token: admin.token, body });
    await expectRefused(
      admin,
      call('/api/workspace/revoke', {
        email: admin.email,
        password: admin.password,
        certtype: 'degree',
        selectedItems: items(C, ['A1']),
        revokereason: 'wrong',
      }),
      m.selectCorrectItems,
      watch,
    );
    await expectRefused(
      admin,
      call('/api/workspace/revoke', {
        email: admin.email,
        password: admin.password,
        certtype: 'degree',
        selectedItems: items(C, ['A1']),
        revokereason: '',
      }),
      m.revokeReason,
      watch,
    );
    await expectRefused(
      admin,
      call('/api/workspace/hold', { certtype: 'degree', selectedItems: items(C, ['A1']) }),
      m.selectCorrectItems,
      watch,
    );
    await expectRefused(
      admin,
      call('/api/workspace/unhold', { certtype: 'degree', selectedItems: items(C, ['A1']) }),
      m.noHoldStudents,
      watch,
    );
    await expectRefused(
      admin,
      call('/api/approvals', { action: 'approve', certtype: 'degree', selectedItems: [] }),
      m.approvalNothingSelected,
      watch,
    );
    await expectRefused(
      admin,
      call('/api/approvals', { action: 'approve', certtype: 'degree', selectedItems: items(C, ['A1']) }),
      m.approvalSelectIssued,
      watch,
    );
    await expectRefused(
      admin,
      call('/api/approvals', { action: 'decline', certtype: 'degree', selectedItems: items(C, ['A1']) }),
      m.declineReason,
      watch,
    );

    // No blockchain chosen (a stored value that is no chain).
    const settingsKey = { pk: `ORG#${admin.orgId}`, sk: 'SETTINGS' };
    await clients().dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: settingsKey,
        UpdateExpression: 'SET blockchain = :b',
        ExpressionAttributeValues: { ':b': 'none' },
      }),
    );
    await expectRefused(
      admin,
      () => issue(admin, { selectedItems: items(C, ['A1']) }),
      m.selectBlockchain,
      watch,
    );
    await clients().dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: settingsKey,
        UpdateExpression: 'SET blockchain = :b',
        ExpressionAttributeValues: { ':b': 'ethereum' },
      }),
    );
  });

  it('refuses to issue beyond the balance (3 for a whole cohort) and opens TOP UP with the message', async () => {
    const watch = { cohort: C, ids };
    await setBalance(admin, 1);
    await expectRefused(
      admin,
      () => issue(admin, { selectedItems: items(C, ['A1', 'A2']) }),
      m.insufficientBalance,
      watch,
    );
    await setBalance(admin, 2);
    await expectRefused(admin, () => issue(admin, { selectedCohort: C }), m.insufficientBalance, watch);
    await setBalance(admin, FREE_TRIAL_CERTIFICATES);
  });

  it('mails a top-up request to the product team naming the organisation, user, balance and amount', async () => {
    const res = await api<{ sent: boolean }>('POST', '/api/balance/top-up', {
      token: admin.token,
      body: { amount: 250 },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.topUpSent);
    const mail = await awaitMail('team@proofmark.local', /Top-up request: Analytical College asks for 250/);
    expect(mail.body.text).toContain(admin.orgId);
    expect(mail.body.text).toContain(admin.email);
    expect(mail.body.text).toContain(`Current balance: ${FREE_TRIAL_CERTIFICATES} certificates`);
  });

  it('refuses to issue or bake while a refunded payment has left the balance below zero, saying why', async () => {
    const watch = { cohort: C, ids };
    // A Starter plan bought, 110 certificates used (debited as an issue run debits, with its ledger
    // entry), then the whole payment refunded through Stripe: 20 + 100 - 110 - 100 = -90.
    const paymentId = await boughtStarter(admin);
    Object.assign(process.env, cloud().functionEnv);
    const { debitItems } = await import('../../functions/src/domain/billing/balance');
    const { writeAll } = await import('../../functions/src/store/transaction');
    await writeAll(debitItems(admin.orgId, 110, 110, 'issue', `run-${randomUUID()}`));
    expect((await deliver(refundedEvent(paymentId, STARTER.priceCents))).status).toBe(200);
    expect(await balance(admin)).toBe(FREE_TRIAL_CERTIFICATES - 110);
    const ledger = await ledgerPage(admin);
    expect(ledger.balance).toBe(FREE_TRIAL_CERTIFICATES - 110);
    expect(ledger.entries[0]).toMatchObject({ reason: 'payment-refund', amount: -100, balanceAfter: -90 });

    await expectRefused(admin, () => issue(admin, { selectedItems: items(C, ['A1']) }), m.negativeBalance(-90), watch);
    await expectRefused(admin, () => issue(admin, { selectedCohort: C }), m.negativeBalance(-90), watch);
    await expectRefused(
      admin,
      () =>
        api('POST', '/api/workspace/bake', {
          token: admin.token,
          body: { certtype: 'degree', selectedItems: items(C, ['A1']), requestId: randomUUID() },
        }),
      m.negativeBalance(-90),
      watch,
    );
    await setBalance(admin, FREE_TRIAL_CERTIFICATES);
  });

  it('issues a double-clicked request once: one run, one batch, one transaction, one debit', async () => {
    // As for an organisation registered before balances existed: no balance counts as the free trial.
    await removeBalance(admin);
    expect(await balance(admin)).toBe(FREE_TRIAL_CERTIFICATES);
    const before = {
      balance: await balance(admin),
      batches: (await credentialBatches(admin)).length,
      stat: await issuedStat(admin),
    };
    const requestId = randomUUID();
    issuedRequest = requestId;
    const body = { selectedItems: items(C, ['A1', 'A2', 'A3']), requestId };
    const [a, b] = await Promise.all([issue(admin, body), issue(admin, body)]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([202, 202]);
    expect(a.body.message).toBe(m.issuing);
    expect(a.body.Data!.id).toBe(requestId);
    expect(b.body.Data!.id).toBe(requestId);
    expect(await statuses(admin, C, ['A1', 'A2', 'A3'])).toEqual(['Issuing', 'Issuing', 'Issuing']);
    const again = await issue(admin, body);
    expect(again.status).toBe(202);
    expect(again.body.Data!.id).toBe(requestId);

    const run = await finishedRun(admin, requestId);
    expect(run).toMatchObject({ kind: 'issue', total: 3, done: 3, batchId: requestId });
    expect(run.txId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balance(admin)).toBe(before.balance - 3);
    expect(await ledgerOf(admin, requestId)).toEqual([{ amount: -3, reason: 'issue' }]);
    const batches = await credentialBatches(admin);
    expect(batches.length).toBe(before.batches + 1);
    expect(batches.filter((t) => t.batchId === requestId)).toHaveLength(1);
    expect(await statuses(admin, C, ['A1', 'A2', 'A3'])).toEqual(
      ids.slice(0, 3).map(() => 'Certificate issued'),
    );
    expect((await issuedStat(admin)).issued).toBe(before.stat.issued + 3);

    // The published certificate carries the id fixed at generation, verifies, and has its PDF.
    const row = await rowOf(admin, C, 'A1');
    const credential = (await (await fetch(publicDoc(slug, row.certUuid!))).json()) as { id: string };
    expect(credential.id).toBe(`urn:uuid:${row.certUuid}`);
    expect((await verify(credential)).status).toBe('verified');
    const pdf = await fetch(publicDoc(slug, row.certUuid!, '.pdf'));
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Nothing is stored for its QR code: the Issued tab draws it from the verifier page's URL.
    expect((await fetch(publicDoc(slug, row.certUuid!, '-qr.png'))).status).toBe(404);
    expect(row).toMatchObject({ batchId: requestId, issueRequestId: requestId });
    // Its PDF and the batch's issued-credential records were published while the batch was hashed.
    const batch = (
      await clients().dynamo.send(
        new GetCommand({ TableName: table(), Key: { pk: `ORG#${admin.orgId}`, sk: `BATCH#${requestId}` } }),
      )
    ).Item as { aheadOfAnchorAt?: string; createdAt: string } | undefined;
    expect(batch?.aheadOfAnchorAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The organisation's first status lists were asked for when its first request was accepted,
    // before the issue job made the batch: the anchor job anchored them while the rows were claimed.
    const org = (
      await clients().dynamo.send(
        new GetCommand({ TableName: table(), Key: { pk: `ORG#${admin.orgId}`, sk: 'ORG' } }),
      )
    ).Item as Record<string, string>;
    for (const list of ['revocation', 'suspension']) {
      expect(org[`${list}ListRequestedAt`]! < batch!.createdAt).toBe(true);
      expect(org[`${list}ListPublishedAt`]).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
  });

  it('publishes the records and PDFs itself when the issue job did not publish them ahead of the anchor', async () => {
    Object.assign(process.env, cloud().functionEnv);
    const { afterAheadOfAnchor } = await import('../../functions/src/domain/batches/ahead-of-anchor');
    const { getBatch } = await import('../../functions/src/domain/batches/batches');
    const { publishBatch } = await import('../../functions/src/domain/batches/publishing');
    const { dynamo, s3 } = clients();
    const stored = await getBatch(admin.orgId, issuedRequest);
    expect(stored.aheadOfAnchorAt).toBeDefined();
    // Publishing waits for the issue job's part: an earlier reading without the mark finds it.
    expect((await afterAheadOfAnchor({ ...stored, aheadOfAnchorAt: undefined }, 5000)).aheadOfAnchorAt).toBe(
      stored.aheadOfAnchorAt,
    );
    // As if the issue job had died before its part: no mark, no record, no public PDF.
    const row = await rowOf(admin, C, 'A1');
    const recordKey = { pk: `ORG#${admin.orgId}`, sk: `CRED#urn:uuid:${row.certUuid}` };
    await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: `ORG#${admin.orgId}`, sk: `BATCH#${issuedRequest}` },
        UpdateExpression: 'REMOVE aheadOfAnchorAt',
      }),
    );
    await dynamo.send(new DeleteCommand({ TableName: table(), Key: recordKey }));
    await s3.send(
      new DeleteObjectCommand({
        Bucket: cloud().resources.buckets.public,
        Key: `credentials/${slug}/${row.certUuid}.pdf`,
      }),
    );
    expect((await fetch(publicDoc(slug, row.certUuid!, '.pdf'))).status).toBe(404);
    const unmarked = await afterAheadOfAnchor(await getBatch(admin.orgId, issuedRequest), 300);
    expect(unmarked.aheadOfAnchorAt).toBeUndefined();
    // Publishing waits up to 300 ms for the issue job's part, then does it itself.
    await publishBatch(unmarked, 300);
    const pdf = await fetch(publicDoc(slug, row.certUuid!, '.pdf'));
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const record = await dynamo.send(new GetCommand({ TableName: table(), Key: recordKey, ConsistentRead: true }));
    expect(record.Item).toMatchObject({ batchId: issuedRequest, cohortid: C });
  });

  it('does nothing twice when the issue job is delivered again, mid-way or after it finished', async () => {
    const { sqs } = clients();
    const send = (runId: string) =>
      sqs.send(
        new SendMessageCommand({
          QueueUrl: cloud().resources.queueUrls.issue,
          MessageBody: JSON.stringify({ orgId: admin.orgId, runId }),
        }),
      );
    const before = {
      balance: await balance(admin),
      batches: (await credentialBatches(admin)).length,
      stat: await issuedStat(admin),
    };
    const res = await issue(admin, { selectedItems: items(C, ['A4', 'A5']) });
    expect(res.status).toBe(202);
    const runId = res.body.Data!.id;
    // The same message twice more while the first delivery is building or anchoring the batch.
    await Promise.all([send(runId), send(runId)]);
    await finishedRun(admin, runId);
    // And again after it finished.
    await send(runId);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await balance(admin)).toBe(before.balance - 2);
    expect((await credentialBatches(admin)).length).toBe(before.batches + 1);
    expect((await issuedStat(admin)).issued).toBe(before.stat.issued + 2);
    expect((await runOf(admin, runId)).body.Data).toMatchObject({ state: 'done', total: 2, done: 2 });
  });

  it('never lets two requests take the same row, and refunds what the later one could not take', async () => {
    const before = await balance(admin);
    // A6 goes to the first request; the second names A6 and A7 but only gets A7.
    const first = randomUUID();
    const second = randomUUID();
    const [a, b] = await Promise.all([
      issue(admin, { selectedItems: items(C, ['A6']), requestId: first }),
      issue(admin, { selectedItems: items(C, ['A6', 'A7']), requestId: second }),
    ]);
    // Which gets there first is a race: a request that looks after the other took A6 is refused
    // whole (nothing changes); one accepted before claims only the rows still free, the rest refunded.
    const refused = [a, b].filter((r) => r.status !== 202);
    if (refused.length) {
      expect(refused).toHaveLength(1);
      expect(refused[0]!.body.message).toBe(m.selectCorrectItems);
      const winner = a.status === 202 ? first : second;
      const run = await finishedRun(admin, winner);
      expect((await rowOf(admin, C, 'A6')).status).toBe('Certificate issued');
      expect((await rowOf(admin, C, 'A7')).status).toBe(
        winner === second ? 'Certificate issued' : 'generated',
      );
      expect(await balance(admin)).toBe(before - run.total);
      return;
    }
    const runs = [await finishedRun(admin, first), await finishedRun(admin, second)];
    // Every row went to exactly one request, and the balance paid for exactly the rows issued.
    const taken = [await rowOf(admin, C, 'A6'), await rowOf(admin, C, 'A7')];
    expect(taken.map((r) => r.status)).toEqual(['Certificate issued', 'Certificate issued']);
    expect(runs[0]!.total + runs[1]!.total).toBe(2);
    expect(await balance(admin)).toBe(before - 2);
  });

  it('issues a scheduled request by itself shortly after its time', async () => {
    const before = await balance(admin);
    const at = new Date(Date.now() + 6000).toISOString();
    const res = await issue(admin, { selectedItems: items(C, ['A8']), scheduleAt: at });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.message).toBe(m.issueScheduled);
    expect(res.body.Data).toMatchObject({ state: 'scheduled', scheduledAt: new Date(at).toISOString() });
    // Debited now, waiting until then.
    expect(await balance(admin)).toBe(before - 1);
    expect(await rowOf(admin, C, 'A8')).toMatchObject({
      status: 'Scheduled',
      scheduledAt: new Date(at).toISOString(),
    });
    const run = await finishedRun(admin, res.body.Data!.id, 120_000);
    expect(Date.parse(run.updatedAt)).toBeGreaterThanOrEqual(Date.parse(at));
    expect((await rowOf(admin, C, 'A8')).status).toBe('Certificate issued');
  });

  it('refunds and gives the rows back when the job cannot issue any more (the key was revoked meanwhile)', async () => {
    const before = await balance(admin);
    const res = await issue(admin, {
      selectedItems: items(C, ['A9']),
      scheduleAt: new Date(Date.now() + 4000).toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(await balance(admin)).toBe(before - 1);
    const keyItems = async () =>
      (
        await clients().dynamo.send(
          new QueryCommand({
            TableName: table(),
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
            ExpressionAttributeValues: { ':pk': `ORG#${admin.orgId}`, ':sk': 'KEY#' },
          }),
        )
      ).Items ?? [];
    const setRevoked = async (revoked: boolean) => {
      for (const k of await keyItems())
        await clients().dynamo.send(
          new UpdateCommand({
            TableName: table(),
            Key: { pk: k.pk, sk: k.sk },
            UpdateExpression: revoked ? 'SET revoked = :r' : 'REMOVE revoked',
            ...(revoked ? { ExpressionAttributeValues: { ':r': new Date().toISOString() } } : {}),
          }),
        );
    };
    await setRevoked(true);
    try {
      const failed = await eventually(async () => {
        const run = (await runOf(admin, res.body.Data!.id)).body.Data;
        return run?.state === 'failed' ? run : undefined;
      }, 60_000);
      expect(failed.message).toMatch(/Generate a key pair/);
      expect(await balance(admin)).toBe(before);
      expect(await ledgerOf(admin, res.body.Data!.id)).toEqual([
        { amount: -1, reason: 'issue' },
        { amount: 1, reason: 'refund' },
      ]);
      expect((await rowOf(admin, C, 'A9')).status).toBe('generated');
      expect((await credentialBatches(admin)).filter((b) => b.batchId === res.body.Data!.id)).toHaveLength(0);
    } finally {
      await setRevoked(false);
    }
  });

  it('holds, unholds and revokes: rows and every verifier follow', async () => {
    const credentialOf = async (id: string) =>
      (await (await fetch(publicDoc(slug, (await rowOf(admin, C, id)).certUuid!))).json()) as object;
    const waitBatch = (batchId: string) =>
      eventually(async () => {
        const t = (await transactions(admin)).find((x) => x.batchId === batchId);
        return t?.state === 'published' ? t : undefined;
      }, 90_000);

    const held = await api<{ updated: number; batchId: string }>('POST', '/api/workspace/hold', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: items(C, ['A2']) },
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body).toMatchObject({ message: m.held, Data: { updated: 1 } });
    expect(await rowOf(admin, C, 'A2')).toMatchObject({
      status: 'Hold',
      statusBeforeHold: 'Certificate issued',
    });
    await waitBatch(held.body.Data!.batchId);
    expect((await verify(await credentialOf('A2'))).status).toBe('suspended');
    expect((await verify(await credentialOf('A1'))).status).toBe('verified');

    const unheld = await api<{ updated: number; batchId: string }>('POST', '/api/workspace/unhold', {
      token: admin.token,
      body: { certtype: 'degree', selectedItems: items(C, ['A2']) },
    });
    expect(unheld.body).toMatchObject({ message: m.unheld, Data: { updated: 1 } });
    expect((await rowOf(admin, C, 'A2')).status).toBe('Certificate issued');
    await waitBatch(unheld.body.Data!.batchId);
    expect((await verify(await credentialOf('A2'))).status).toBe('verified');

    const stat = await issuedStat(admin);
    const wrong = await api('POST', '/api/workspace/revoke', {
      token: admin.token,
      body: {
        email: admin.email,
        password: 'not it',
        certtype: 'degree',
        selectedItems: items(C, ['A3']),
        revokereason: 'Issued in error',
      },
    });
    expect(wrong.body.message).toBe(m.wrongCredentials);
    expect((await rowOf(admin, C, 'A3')).status).toBe('Certificate issued');
    const revoked = await api<{ updated: number; batchId: string }>('POST', '/api/workspace/revoke', {
      token: admin.token,
      body: {
        email: admin.email,
        password: admin.password,
        certtype: 'degree',
        selectedItems: items(C, ['A3']),
        revokereason: 'Issued in error',
      },
    });
    expect(revoked.body).toMatchObject({ message: m.revoked, Data: { updated: 1 } });
    expect(await rowOf(admin, C, 'A3')).toMatchObject({ status: 'Revoked', revokeReason: 'Issued in error' });
    expect((await issuedStat(admin)).revoked).toBe(stat.revoked + 1);
    await waitBatch(revoked.body.Data!.batchId);
    expect((await verify(await credentialOf('A3'))).status).toBe('revoked');
    // Revoked is final.
    const twice = await api('POST', '/api/workspace/revoke', {
      token: admin.token,
      body: {
        email: admin.email,
        password: admin.password,
        certtype: 'degree',
        selectedItems: items(C, ['A3']),
        revokereason: 'again',
      },
    });
    expect(twice.body.message).toBe(m.selectCorrectItems);
  });

  it('lists issued rows on the approval screen and records approve / decline decisions', async () => {
    const list = async () =>
      (await api<ApprovalsData>('GET', `/api/approvals?certtype=degree&cohort=${C}`, { token: admin.token }))
        .body.Data!;
    const byId = (d: ApprovalsData) =>
      Object.fromEntries(d.mockData.flatMap((p) => p.children).map((c) => [c.studentid, c]));
    const first = byId(await list());
    expect(first.A1).toMatchObject({ approval: 3, status: 'Certificate issued' });
    expect(first.A3).toBeUndefined(); // revoked: no approval code

    const declined = await api('POST', '/api/approvals', {
      token: admin.token,
      body: {
        action: 'decline',
        certtype: 'degree',
        selectedItems: items(C, ['A1']),
        declinereason: 'Name misspelt',
      },
    });
    expect(declined.body).toMatchObject({ message: m.declined, Data: { updated: 1 } });
    expect(byId(await list()).A1).toMatchObject({ approval: 2, declinereason: 'Name misspelt' });
    // Decline acts only on code 3.
    const again = await api('POST', '/api/approvals', {
      token: admin.token,
      body: { action: 'decline', certtype: 'degree', selectedItems: items(C, ['A1']), declinereason: 'x' },
    });
    expect(again.body.message).toBe(m.approvalSelectIssued);
    const approved = await api('POST', '/api/approvals', {
      token: admin.token,
      body: { action: 'approve', certtype: 'degree', selectedItems: items(C, ['A1']) },
    });
    expect(approved.body).toMatchObject({ message: m.approved, Data: { updated: 1 } });
    expect(byId(await list()).A1).toMatchObject({ approval: 1, status: 'Certificate issued' });
  });
});

describe('baking Open Badges', () => {
  it('bakes badges for rows without a public key, once per request id', async () => {
    const admin = await registeredAdmin();
    await api('POST', '/api/keys', { token: admin.token, body: { blockchain: 'ethereum' } });
    const slug = await slugOf(admin);
    await uploadCohort(admin, 'OB', ['B1', 'B2'], 'openbadges');
    const requestId = randomUUID();
    const body = { certtype: 'openbadges', selectedItems: ['OB=B1', 'OB=B2'], requestId };
    const [a, b] = await Promise.all(
      [1, 2].map(() => api<RunView>('POST', '/api/workspace/bake', { token: admin.token, body })),
    );
    expect([a!.status, b!.status], JSON.stringify(a!.body)).toEqual([202, 202]);
    expect(a!.body.message).toBe(m.baking);
    const run = await finishedRun(admin, requestId);
    expect(run).toMatchObject({ kind: 'bake', done: 2 });
    expect(await balance(admin)).toBe(FREE_TRIAL_CERTIFICATES - 2);
    expect(await statuses(admin, 'OB', ['B1', 'B2'], 'openbadges')).toEqual([
      'Certificate issued',
      'Certificate issued',
    ]);
    const row = await rowOf(admin, 'OB', 'B1', 'openbadges');
    const badge = (await (await fetch(publicDoc(slug, row.certUuid!))).json()) as {
      id: string;
      type: string[];
    };
    expect(badge.id).toBe(`urn:uuid:${row.certUuid}`);
    expect(badge.type).toContain('OpenBadgeCredential');
    expect((await fetch(publicDoc(slug, row.certUuid!, '.png'))).status).toBe(200);
    // Baking issued rows again is refused.
    const again = await api('POST', '/api/workspace/bake', {
      token: admin.token,
      body: { ...body, requestId: randomUUID() },
    });
    expect(again.body.message).toBe(m.selectCorrectItems);
  });
});
