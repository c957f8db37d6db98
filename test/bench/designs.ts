// The certificate designer (issue #34) on the local cloud: the preview round trip (a design edited
// and sent → the renderer's PNG back) p50/p95 against the goal p95 < 1 s, and generate with a saved
// design (every element kind, a bound column) beside the renderer alone on the same design, same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { DesignData } from '@proofmark/shared/contract/designs';
import type { Design } from '@proofmark/shared/designs/model';
import { spawnLocalCloud } from '../setup/spawn-cloud';
import { registeredAdmin } from '../integration/accounts';
import {
  copyEmailsAsKeys,
  finishedRun,
  sheetStudents,
  uploadCohort,
  workspaceCall,
  type Caller,
} from '../support/cohorts';
import { rendererAloneRate, sampleDesign } from './render';

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export async function benchDesigns(count = Number(process.env.BENCH_DESIGN_COHORT ?? 300), previews = 30) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmark-bench-designs-'));
  const cloud = await spawnLocalCloud(dataDir);
  try {
    const admin = await registeredAdmin(cloud.info);
    const c: Caller = { appUrl: cloud.info.appUrl, token: admin.token };
    await workspaceCall(c, 'POST', '/api/profile', { key: 'blockchain', value: 'ethereum' });
    const cohort = `DSG-${randomUUID().slice(0, 6)}`;
    await uploadCohort(c, cohort, sheetStudents(count, 'Bench'));
    await copyEmailsAsKeys(c, cohort);
    const current = await workspaceCall<DesignData>(
      c,
      'GET',
      `/api/designs?cohort=${cohort}&certtype=degree`,
    );
    const base = current.body.Data!.current.design;
    const titled = (title: string): Design => ({
      ...base,
      elements: base.elements.map((e) => (e.id === 'title' && e.kind === 'text' ? { ...e, text: title } : e)),
    });
    console.log(`\nDesigner (local cloud, this machine; ${count} recipients):`);

    // Each preview is a different design (a new title), so the browser loads the page every time.
    const times: number[] = [];
    for (let i = 0; i <= previews; i++) {
      const t = performance.now();
      const res = await workspaceCall(c, 'POST', '/api/designs/preview', {
        cohort,
        certtype: 'degree',
        design: titled(`Diploma ${i}`),
      });
      if (res.status !== 200) throw new Error(`preview: ${JSON.stringify(res.body)}`);
      if (i > 0) times.push(performance.now() - t); // the first launches the browser
    }
    const p95 = quantile(times, 0.95);
    console.log(
      `  preview round trip       p50 ${quantile(times, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms ` +
        `(goal p95 < 1000 ms: ${p95 < 1000 ? 'met' : 'NOT met'}; ${previews} previews, browser warm)`,
    );

    const saved = await workspaceCall<{ version: number }>(c, 'POST', '/api/designs', {
      cohort,
      certtype: 'degree',
      galleryNumber: 1,
      design: titled('Diploma of Distinction'),
    });
    if (saved.status !== 200) throw new Error(`save: ${JSON.stringify(saved.body)}`);
    const t1 = performance.now();
    const gen = await workspaceCall<{ id: string }>(c, 'POST', '/api/workspace/generate', {
      selectedItems: [`${cohort}=`],
      certtype: 'degree',
    });
    if (gen.status !== 202) throw new Error(`generate: ${JSON.stringify(gen.body)}`);
    const run = await finishedRun(c, gen.body.Data!.id, 900_000);
    const generateRate = run.done / ((performance.now() - t1) / 1000);

    // The renderer alone, same design and count, PDF + PNG as generate makes them.
    const design = { ...sampleDesign(), design: titled('Diploma of Distinction') };
    const rendererRate = await rendererAloneRate(design, count);
    console.log(
      `  generate, saved design   ${generateRate.toFixed(1)} certificates/s (${run.done} done, ${run.failed} failed)` +
        `  | renderer alone ${rendererRate.toFixed(1)}/s  | ratio ${(generateRate / rendererRate).toFixed(2)}`,
    );
  } finally {
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
