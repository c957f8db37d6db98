// `npm run bench recipients`: a 10,000-row sheet from upload to imported (goal < 30 s), then the
// recipients page of that cohort read 200 times one after another, as the screen pages and searches
// it (goal p95 < 50 ms), on the local cloud as `npm start` runs it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { spawnLocalCloud } from '../setup/spawn-cloud';
import { registeredAdmin } from '../integration/accounts';
import { sheetStudents, uploadCohort, workspaceCall, type Caller } from '../support/cohorts';
import { percentile } from './bench-support';

export async function benchRecipients(count = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000), reads = 200) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-bench-'));
  const cloud = await spawnLocalCloud(dataDir);
  try {
    const admin = await registeredAdmin(cloud.info);
    const c: Caller = { appUrl: cloud.info.appUrl, token: admin.token };
    const cohort = `IMPORT-${randomUUID().slice(0, 6)}`;
    const students = sheetStudents(count, 'Bench');
    console.log(`\nRecipients, a ${count}-row sheet (local cloud, this machine):`);
    const t0 = performance.now();
    await uploadCohort(c, cohort, students);
    const imported = (performance.now() - t0) / 1000;
    console.log(`  upload + import          ${imported.toFixed(1)} s  (goal < 30 s)`);

    // Pages spread over the cohort, every fifth read a search, as a person paging and searching does.
    const times: number[] = [];
    for (let i = 0; i < reads; i++) {
      const query = new URLSearchParams({
        cohort,
        certtype: 'degree',
        pagesize: '20',
        page: String((i * 37) % Math.floor(count / 20)),
        ...(i % 5 === 4 ? { search: students[(i * 101) % count]!.first } : {}),
      });
      const start = performance.now();
      const res = await workspaceCall(c, 'GET', `/api/recipients?${query}`);
      times.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`recipients page: ${res.status} ${JSON.stringify(res.body)}`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  recipients page          p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms  (goal p95 < 50 ms; ${reads} reads, every fifth a search)`,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  } finally {
    await cloud.stop();
    if (fs.existsSync(dataDir)) console.log(`  data and logs kept in ${dataDir}`);
  }
}
