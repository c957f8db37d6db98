// `npm run bench load`: 50 concurrent users for 60 s against the product as `npm start` runs it
// (infra/local/main.ts, every per-client limit on), a mix of sign-in, listing, search, upload
// tickets, verifier reads and health checks, with autocannon on 127.0.0.1 only. Prints p50 / p95 /
// p99 per route and every error; the goals are 0 errors and /api/health p95 < 50 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { decodeProofValue, parseAnchor } from '@proofmark/shared/blockcerts/index';
import { chainRelayPath } from '@proofmark/shared/contract/public';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { spawnLocalCloud } from '../setup/spawn-cloud';
import { clients } from '../integration/helpers';
import {
  copyEmailsAsKeys,
  finishedRun,
  sheetStudents,
  uploadCohort,
  workspaceCall,
} from '../support/cohorts';
import { payingOrganisation, percentile } from './bench-support';

interface Scenario {
  name: string;
  connections: number;
  /** Requests per second over all its connections, for routes with a per-client limit. */
  overallRate?: number;
  requests: autocannon.Request[];
}

export async function benchLoad(
  users = Number(process.env.BENCH_LOAD_USERS ?? 50),
  seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60),
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-load-'));
  // As `npm start` runs it: no client is exempt from the per-client limits.
  const cloud = await spawnLocalCloud(dataDir, 0, { CLIENT_LIMIT_EXEMPT: '' });
  try {
    const info = cloud.info;
    const { admin, c } = await payingOrganisation(info, 100);
    const { dynamo } = clients(info);
    const table = info.resources.tableName;
    // A cohort to list and search, and three published certificates for the verifier to read.
    const cohort = `LOAD-${randomUUID().slice(0, 6)}`;
    await uploadCohort(c, cohort, sheetStudents(500, 'Load'));
    const published = `PUB-${randomUUID().slice(0, 6)}`;
    await uploadCohort(c, published, sheetStudents(3, 'Pub'));
    await copyEmailsAsKeys(c, published);
    const gen = await workspaceCall<{ id: string }>(c, 'POST', '/api/workspace/generate', {
      selectedItems: [`${published}=`],
      certtype: 'degree',
    });
    await finishedRun(c, gen.body.Data!.id);
    const issue = await workspaceCall<{ id: string }>(c, 'POST', '/api/workspace/issue', {
      selectedCohort: published,
      certtype: 'degree',
      email: admin.email,
      password: admin.password,
      requestId: randomUUID(),
    });
    await finishedRun(c, issue.body.Data!.id);
    const org = await dynamo.send(
      new GetCommand({ TableName: table, Key: { pk: `ORG#${admin.orgId}`, sk: 'ORG' } }),
    );
    const slug = String(org.Item!.verifierSlug);
    const rows = await dynamo.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `ORG#${admin.orgId}#COH#${published}` },
      }),
    );
    const uuids = (rows.Items ?? []).map((r) => r.certUuid as string | undefined).filter(Boolean);
    if (uuids.length === 0) throw new Error('no published certificate to read');
    // The relay path of the network the certificates are anchored on, as the verifier page reads it.
    const cert = (await (
      await fetch(`${info.appUrl}/public/credentials/${slug}/${uuids[0]}.json`)
    ).json()) as {
      proof: { proofValue: string };
    };
    const relay = chainRelayPath(parseAnchor(decodeProofValue(cert.proof.proofValue).anchors[0]!));

    const auth = { authorization: `Bearer ${admin.token}` };
    const json = { 'content-type': 'application/json' };
    const q = (p: Record<string, string>) => new URLSearchParams({ certtype: 'degree', ...p }).toString();
    const share = (n: number) => Math.max(1, Math.round((n * users) / 50));
    const scenarios: Scenario[] = [
      {
        name: 'POST /api/auth/login',
        connections: share(4),
        requests: [
          {
            method: 'POST',
            path: '/api/auth/login',
            headers: json,
            body: JSON.stringify({ email: admin.email, password: admin.password }),
          },
        ],
      },
      {
        name: 'GET /api/cohorts',
        connections: share(8),
        requests: [{ method: 'GET', path: `/api/cohorts?${q({})}`, headers: auth }],
      },
      {
        name: 'GET /api/recipients (page)',
        connections: share(10),
        requests: [
          {
            method: 'GET',
            path: `/api/recipients?${q({ cohort, page: '3', pagesize: '20' })}`,
            headers: auth,
          },
        ],
      },
      {
        name: 'GET /api/recipients (search)',
        connections: share(8),
        requests: [
          { method: 'GET', path: `/api/recipients?${q({ cohort, search: 'Load 42' })}`, headers: auth },
        ],
      },
      {
        name: 'POST /api/uploads (ticket)',
        connections: share(3),
        requests: [
          {
            method: 'POST',
            path: '/api/uploads',
            headers: { ...auth, ...json },
            body: JSON.stringify({
              purpose: 'students',
              filename: 'more.xlsx',
              size: 20_000,
              certtype: 'degree',
              cohortid: cohort,
            }),
          },
        ],
      },
      {
        name: 'GET published certificate',
        connections: share(10),
        requests: uuids.map((u) => ({
          method: 'GET' as const,
          path: `/public/credentials/${slug}/${u}.json`,
        })),
      },
      {
        name: 'GET /verify/<slug>',
        connections: share(2),
        requests: [{ method: 'GET', path: `/verify/${slug}` }],
      },
      {
        // The verifier page's chain reads; one client may make 120 a minute.
        name: 'POST /api/public/chain (relay)',
        connections: 1,
        overallRate: 1.5,
        requests: [
          {
            method: 'POST',
            path: relay,
            headers: json,
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
          },
        ],
      },
      { name: 'GET /api/health', connections: share(4), requests: [{ method: 'GET', path: '/api/health' }] },
    ];

    // Each route once first, as a warm Lambda would have it: the first call of a route group loads
    // its module, which is start-up time, not load.
    for (const s of scenarios) {
      const r = s.requests[0]!;
      await fetch(`${info.appUrl}${r.path}`, {
        method: r.method,
        headers: r.headers as Record<string, string> | undefined,
        body: r.body as string | undefined,
      }).then((res) => res.arrayBuffer());
    }
    const times = new Map<string, number[]>();
    const runs = scenarios.map(
      (s) =>
        new Promise<[Scenario, autocannon.Result]>((resolve, reject) => {
          const latencies: number[] = [];
          times.set(s.name, latencies);
          const instance = autocannon(
            {
              url: info.appUrl,
              connections: s.connections,
              duration: seconds,
              timeout: 30,
              requests: s.requests,
              ...(s.overallRate ? { overallRate: s.overallRate } : {}),
            },
            (err, result) => (err ? reject(err as Error) : resolve([s, result])),
          );
          instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
        }),
    );
    const connections = scenarios.reduce((n, s) => n + s.connections, 0);
    console.log(
      `\nLoad, ${connections} concurrent connections for ${seconds} s against the local cloud (limits on):`,
    );
    // The load tool's own event-loop delay, printed beside the figures: a client whose loop lags
    // adds that lag to every time it measures.
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const results = await Promise.all(runs);
    loopDelay.disable();
    console.log('  route                              requests  errors    p50 ms   p95 ms   p99 ms');
    let errors = 0;
    for (const [s, r] of results) {
      const sorted = times.get(s.name)!.sort((a, b) => a - b);
      const failed = r.errors + r.timeouts + r.non2xx;
      errors += failed;
      const statuses = Object.entries(r.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, v]) => `${code}×${(v as { count: number }).count}`)
        .join(' ');
      console.log(
        `  ${s.name.padEnd(34)} ${String(r.requests.total).padStart(8)}  ${String(failed).padStart(6)}  ` +
          `${percentile(sorted, 50).toFixed(0).padStart(8)} ${percentile(sorted, 95).toFixed(0).padStart(8)} ` +
          `${percentile(sorted, 99).toFixed(0).padStart(8)}${statuses ? `  (${statuses})` : ''}`,
      );
    }
    const health = times.get('GET /api/health')!.sort((a, b) => a - b);
    console.log(`  errors in all: ${errors} (goal 0)`);
    console.log(`  /api/health p95 ${percentile(health, 95).toFixed(0)} ms (goal < 50 ms)`);
    const ms = (ns: number) => (ns / 1e6).toFixed(0);
    console.log(
      `  the load tool's event-loop delay p50 / p95 / p99 ${ms(loopDelay.percentile(50))} / ` +
        `${ms(loopDelay.percentile(95))} / ${ms(loopDelay.percentile(99))} ms (sampled every 5 ms: idle reads 5)`,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  } finally {
    await cloud.stop();
    if (fs.existsSync(dataDir)) console.log(`  data and logs kept in ${dataDir}`);
  }
}
