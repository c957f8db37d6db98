// Dependency outages lose nothing. The product runs as `npm start` runs it — a child process with
// its own data dir and ports — started with an IPC channel through which the test takes each
// dependency down and brings it back (infra/local/outages.ts: the in-process servers behind a TCP
// gate on their port, DynamoDB Local's process stopped with SIGSTOP); the product's own process is
// paused with SIGSTOP / SIGCONT, as a laptop's sleep does. For each outage an issue-and-send run of
// 50 recipients is under way: the run completes with every row issued once, one transaction per
// Merkle root, one mail per recipient and one debit — or, where the outage outlasted the retries,
// it failed visibly and completes after `npm run dlq -- redrive`. While a dependency is down
// /api/health says so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '@proofmark/shared/contract/workspace';
import type { TransactionReceipt } from '@proofmark/shared/contract/transactions';
import type { HealthResponse } from '@proofmark/shared/contract/system';
import type { LocalCloudInfo } from '../../infra/local/cloud';
import type { OutageAnswer, OutageName, OutageRequest } from '../../infra/local/outages';
import { jobNames } from '../../functions/src/jobs';
// @ts-expect-error plain ESM helper shared with `npm start`
import { ensureWebBuilt } from '../../scripts/web-build.mjs';
import { spawnLocalCloud } from '../setup/spawn-cloud';
import { api, eventually, mailTo } from '../integration/helpers';
import { registeredAdmin, uniqueEmail } from '../integration/accounts';
import { addStudents, setRow } from '../integration/workspace-fixtures';

const RECIPIENTS = 50;
/** How long each dependency stays down. */
const OUTAGE_MS = 15_000;

type Product = Awaited<ReturnType<typeof spawnLocalCloud>>;
type Admin = Awaited<ReturnType<typeof registeredAdmin>>;
let product: Product;
let c: LocalCloudInfo;
let admin: Admin;
let dataDir: string;

let nextId = 0;
/** Asks the product to take a dependency down or bring it back; resolves once done. */
const outage = (name: OutageName, action: 'down' | 'up') =>
  new Promise<void>((resolve, reject) => {
    const id = ++nextId;
    const onMessage = (m: OutageAnswer) => {
      if (m.id !== id) return;
      product.child.off('message', onMessage);
      if (m.error) reject(new Error(m.error));
      else resolve();
    };
    product.child.on('message', onMessage);
    product.child.send({ outage: name, action, id } satisfies OutageRequest);
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The product's health, or undefined when it does not answer in time. */
const health = async () => {
  try {
    const res = await fetch(`${c.apiUrl}/health`, { signal: AbortSignal.timeout(10_000) });
    return ((await res.json()) as HealthResponse).Data;
  } catch {
    return undefined;
  }
};

type Target = OutageName | 'product';

/**
 * The outage itself: down for OUTAGE_MS, then up again. Answers whether /api/health reported the
 * dependency down meanwhile (the product's own pause cannot be seen from inside).
 */
const outageOf = async (target: Target): Promise<boolean | undefined> => {
  const started = Date.now();
  let seenDown: boolean | undefined;
  if (target === 'product') {
    process.kill(product.child.pid!, 'SIGSTOP');
    await sleep(OUTAGE_MS);
    process.kill(product.child.pid!, 'SIGCONT');
    return undefined;
  }
  await outage(target, 'down');
  try {
    seenDown = false;
    while (Date.now() - started < OUTAGE_MS) {
      const h = await health();
      if (h && !h.dependencies[target].up) seenDown = true;
      await sleep(1000);
    }
  } finally {
    await outage(target, 'up');
  }
  return seenDown;
};

/** The run as the user sees it; undefined while the product cannot answer (a dependency is down). */
const runOf = async (id: string): Promise<RunView | undefined> => {
  try {
    const res = await api<RunView>('GET', `/api/workspace/runs/${id}`, {
      token: admin.token,
      appUrl: c.appUrl,
    });
    return res.status === 200 ? res.body.Data : undefined;
  } catch {
    return undefined;
  }
};

const dlq = (...args: string[]) =>
  promisify(execFile)('npm', ['run', '--silent', 'dlq', '--', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
  });

/**
 * Waits for the run to end. A run that failed visibly (its reason readable) is finished by an
 * operator's redrive of every parked message once the outage is over, as the runbook says.
 */
const completed = async (id: string, redriven: string[], outageOver: Promise<unknown>) => {
  const ended = async () =>
    eventually(
      async () => {
        const r = await runOf(id);
        return r?.state === 'done' || r?.state === 'failed' ? r : undefined;
      },
      150_000,
      500,
    );
  let run = await ended();
  // A run whose job gave up on some of its chunks ends done with those rows failed, each with its
  // reason; on all of them it ends failed. Either way a redrive finishes it.
  if (run.state === 'failed' || run.failed > 0) {
    const reason = run.state === 'failed' ? run.message : run.errors[0];
    expect(reason, 'a readable reason').toMatch(/^[A-Z0-9][^\n]{10,}$/);
    expect(reason).not.toMatch(/\bat .*\.ts:\d+/);
    await outageOver;
    const parked = (await dlq('list')).stdout;
    for (const job of jobNames)
      if (parked.split('\n').some((l) => l.startsWith(`${job} `))) {
        redriven.push(job);
        await dlq('redrive', job);
      }
    run = await eventually(
      async () => {
        const r = await runOf(id);
        return r?.state === 'done' && r.done >= r.total ? r : undefined;
      },
      150_000,
      500,
    );
  }
  return run;
};

const balance = async () =>
  (await api<{ balance: number }>('GET', '/api/balance', { token: admin.token, appUrl: c.appUrl })).body.Data!
    .balance;

const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
  const res = await fetch(c.endpoints.chain, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: T }).result;
};

/**
 * Which step of the run each outage falls in: the mail server only matters to the send, the chain
 * only to the issue. An issue request whose job gives up is refunded and its rows released (a
 * redrive issues them and debits again: job-failures.test.ts), so the outages that can outlast the
 * issue's retries on one machine fall in the send, whose redrive finishes the run.
 */
const outages: { target: Target; during: 'issue' | 'send' }[] = [
  { target: 'dynamodb', during: 'issue' },
  { target: 's3', during: 'send' },
  { target: 'sqs', during: 'issue' },
  { target: 'ses', during: 'send' },
  { target: 'chain', during: 'issue' },
  { target: 'product', during: 'send' },
];

describe('dependency outages during an issue-and-send run of 50 recipients', () => {
  beforeAll(async () => {
    ensureWebBuilt(path.resolve(import.meta.dirname, '../..'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-outage-'));
    product = await spawnLocalCloud(dataDir, 0, { PROOFMARK_OUTAGES: '1' });
    c = product.info;
    admin = await registeredAdmin(c);
    const key = await api('POST', '/api/keys', {
      token: admin.token,
      appUrl: c.appUrl,
      body: { blockchain: 'ethereum' },
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    // Enough certificates for every run, given as the product team gives them.
    await promisify(execFile)(
      'npm',
      [
        'run',
        '--silent',
        'grant',
        '--',
        '--org',
        admin.orgId,
        '--count',
        String(RECIPIENTS * outages.length),
        '--reason',
        'outage test',
        '--key',
        `outage-${admin.orgId}`,
      ],
      { env: { ...process.env, DATA_DIR: dataDir } },
    );
  }, 240_000);

  afterAll(async () => {
    if (product?.child.pid && product.child.exitCode === null) {
      try {
        process.kill(product.child.pid, 'SIGCONT');
      } catch {
        // already gone
      }
    }
    await product?.stop();
    if (dataDir && !process.env.KEEP_TEST_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(outages)(
    '$target down during the $during: nothing lost, nothing done twice',
    async ({ target, during }) => {
      const cohort = `O-${target}-${randomUUID().slice(0, 6)}`;
      const students = Array.from({ length: RECIPIENTS }, (_, i) => ({
        id: `S${i + 1}`,
        email: uniqueEmail(`${target}-${i + 1}`),
      }));
      const items = students.map((s) => `${cohort}=${s.id}`);
      await addStudents(admin, cohort, students, c);
      // Generated as the generate job leaves them (rendering is not what this test is about).
      for (const s of students)
        await setRow(admin.orgId, cohort, s.id, { status: 'generated', certUuid: randomUUID() }, c);
      const before = await balance();
      const redriven: string[] = [];

      const opts = { token: admin.token, appUrl: c.appUrl };
      // Sent again with the same request id while the answer is a 5xx (a busy machine's slow
      // dependency): that is one issuance, one batch, one debit, which the checks below count.
      const requestId = randomUUID();
      const issueRequest = () =>
        api<RunView>('POST', '/api/workspace/issue', {
          ...opts,
          body: {
            email: admin.email,
            password: admin.password,
            certtype: 'degree',
            selectedItems: items,
            requestId,
          },
        });
      let issue = await issueRequest();
      for (let attempt = 1; attempt < 3 && issue.status >= 500; attempt++) issue = await issueRequest();
      expect(issue.status, JSON.stringify(issue.body)).toBe(202);
      let down = during === 'issue' ? outageOf(target) : undefined;
      const issued = await completed(issue.body.Data!.id, redriven, down ?? Promise.resolve());
      expect(issued).toMatchObject({ state: 'done', done: RECIPIENTS, failed: 0 });

      const send = await api<RunView>('POST', '/api/workspace/send', {
        ...opts,
        body: { certtype: 'degree', selectedItems: items },
      });
      expect(send.status, JSON.stringify(send.body)).toBe(202);
      down ??= outageOf(target);
      const sent = await completed(send.body.Data!.id, redriven, down);
      const seenDown = await down;
      expect(sent).toMatchObject({ state: 'done', done: RECIPIENTS, failed: 0 });

      // /api/health said so while it was down.
      if (target !== 'product') expect(seenDown, 'health reported it down').toBe(true);
      // One debit: the balance fell by the run's certificates, once.
      expect(await balance()).toBe(before - RECIPIENTS);
      // Every row issued once, in one batch anchored by one transaction; the issuing address sent
      // exactly one transaction per batch (Merkle root) of the organisation.
      const receipts = (await api<TransactionReceipt[]>('GET', '/api/transactions', opts)).body.Data!;
      const ours = receipts.filter((r) => r.batchId === issued.batchId);
      expect(ours).toHaveLength(1);
      expect(receipts.every((r) => r.state === 'published')).toBe(true);
      expect(new Set(receipts.map((r) => r.txId)).size).toBe(receipts.length);
      const tx = await rpc<{ from: string }>('eth_getTransactionByHash', [ours[0]!.txId]);
      expect(Number(await rpc<string>('eth_getTransactionCount', [tx.from, 'latest']))).toBe(receipts.length);
      // One mail per recipient, counted at the mail server.
      const mails = await Promise.all(students.map((s) => mailTo(s.email, c)));
      expect(mails.map((m) => m.length)).toEqual(students.map(() => 1));
      console.log(`outage ${target}: redriven ${redriven.join(', ') || 'nothing'}`);
    },
    360_000,
  );
});
