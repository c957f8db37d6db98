// The dashboard for an organisation with 100k recorded events (issue #36): GET /api/dashboard over
// the 30 years from 2018 (the Yearly view's longest period), p50 and p95 beside the 200 ms goal and
// beside a same-run baseline (GET /api/balance: one item read through the same gateway).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { spawnLocalCloud } from '../setup/spawn-cloud';
import { clients } from '../integration/helpers';
import { registeredAdmin } from '../integration/accounts';
import { percentile } from './bench-support';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const CALLS = 60;

export async function benchDashboard() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-bench-'));
  const cloud = await spawnLocalCloud(dataDir);
  try {
    const admin = await registeredAdmin(cloud.info);
    const ddb = clients(cloud.info).dynamo;
    const table = cloud.info.resources.tableName;
    Object.assign(process.env, cloud.info.functionEnv);
    const { stats } = await import('../../functions/src/store/stats');
    const { verifications } = await import('../../functions/src/store/verifications');
    // What 100k events leave behind: their month counters (issued, sent, revoked, verified over the
    // 30 years) and, for the verifications among them, one row each for the table.
    const months = Array.from(
      { length: 360 },
      (_, i) => `${2018 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
    );
    const perMonth = Math.floor(EVENTS / 4 / months.length);
    const items: Record<string, unknown>[] = months.map(
      (month) =>
        stats()
          .put({
            orgId: admin.orgId,
            month,
            issued: perMonth,
            sent: perMonth,
            revoked: perMonth,
            verified: perMonth,
          })
          .params<{ Item: Record<string, unknown> }>().Item,
    );
    const verifiedRows = EVENTS - 3 * perMonth * months.length;
    for (let i = 0; i < verifiedRows; i++) {
      const month = months[i % months.length]!;
      items.push(
        verifications()
          .put({
            orgId: admin.orgId,
            verifiedAt: `${month}-15T10:00:${String(i % 60).padStart(2, '0')}.${String(i % 1000).padStart(3, '0')}Z`,
            verificationId: randomUUID(),
            credentialId: `urn:uuid:${randomUUID()}`,
            verdict: 'verified',
            method: 'id',
            recipientName: `Recipient ${i}`,
            certificateName: 'Bachelor of Science',
          })
          .params<{ Item: Record<string, unknown> }>().Item,
      );
    }
    const t0 = performance.now();
    const batches: Record<string, unknown>[][] = [];
    for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < batches.length) {
          let left = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
          while (left.length) {
            const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [table]: left } }));
            left = (out.UnprocessedItems?.[table] ?? []) as typeof left;
          }
        }
      }),
    );
    console.log(`\nDashboard, ${EVENTS.toLocaleString('en')} recorded events (local cloud, this machine):`);
    console.log(
      `  seeded ${items.length.toLocaleString('en')} items in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const timed = async (url: string) => {
      const times: number[] = [];
      for (let i = 0; i < CALLS + 5; i++) {
        const s = performance.now();
        const res = await fetch(`${cloud.info.appUrl}${url}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        });
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        if (i >= 5) times.push(performance.now() - s);
      }
      return times.sort((a, b) => a - b);
    };
    const dash = await timed('/api/dashboard?timetype=year&start=2018&end=2047');
    const base = await timed('/api/balance');
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(
      `  GET /api/dashboard, 30 years   p50 ${ms(percentile(dash, 50))}  p95 ${ms(percentile(dash, 95))}  (goal p95 < 200 ms)`,
    );
    console.log(
      `  baseline GET /api/balance      p50 ${ms(percentile(base, 50))}  p95 ${ms(percentile(base, 95))}`,
    );
    console.log(
      `  ratio to baseline              p50 ${(percentile(dash, 50) / percentile(base, 50)).toFixed(2)}×  p95 ${(percentile(dash, 95) / percentile(base, 95)).toFixed(2)}×`,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  } finally {
    await cloud.stop();
  }
}
