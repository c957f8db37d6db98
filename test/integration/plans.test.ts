import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Plan } from '@proofmark/shared/contract/billing';
import { provisionTable } from '../../infra/local/provision';
import { api, cloud } from './helpers';

const run = promisify(execFile);

/** `npm run plans -- …` as the product team runs it, against this test's local cloud (its runtime.json). */
const plansScript = async (...args: string[]) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plans-script-'));
  fs.writeFileSync(path.join(dataDir, 'runtime.json'), JSON.stringify(cloud()));
  const { stdout } = await run('npx', ['tsx', 'scripts/plans.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, TABLE_NAME: '' },
  });
  return stdout;
};

describe('the plan catalogue', () => {
  it('is public and starts with the three plans seeded at provisioning, in their order', async () => {
    const res = await api<{ plans: Plan[] }>('GET', '/api/plans');
    expect(res.status).toBe(200);
    const seeded = res.body.Data!.plans.filter((p) => ['starter', 'professional', 'institution'].includes(p.planId));
    expect(seeded.map((p) => [p.planId, p.priceCents, p.currency])).toEqual([
      ['starter', 3900, 'usd'],
      ['professional', 6900, 'usd'],
      ['institution', 9900, 'usd'],
    ]);
    for (const p of seeded) expect(p.certificates).toBeGreaterThan(0);
  });

  it('is changed by the plans script: an added plan is offered, a retired one no longer', async () => {
    const id = `campus-${Date.now()}`;
    await plansScript('add', '--id', id, '--name', 'Campus', '--price', '149', '--certificates', '1000', '--sort', '99');
    let plans = (await api<{ plans: Plan[] }>('GET', '/api/plans')).body.Data!.plans;
    expect(plans.find((p) => p.planId === id)).toMatchObject({ priceCents: 14900, certificates: 1000 });
    expect(await plansScript('list')).toMatch(new RegExp(`${id}.*\\$149.*1000 certificates\\s+active`));

    await plansScript('retire', '--id', id);
    plans = (await api<{ plans: Plan[] }>('GET', '/api/plans')).body.Data!.plans;
    expect(plans.some((p) => p.planId === id)).toBe(false);
    expect(await plansScript('list')).toMatch(new RegExp(`${id}.*retired`));
  });
});

describe('seeding the first plans in AWS (npm run deploy)', () => {
  it('writes the missing first plans into the table the stack outputs name, never over a change', async () => {
    // A new deployment's empty table (in the local DynamoDB), found through the outputs file
    // `cdk deploy --outputs-file` writes, with the AWS settings of the environment.
    const tableName = `proofmark-deploy-${Date.now()}`;
    await provisionTable(cloud().endpoints.dynamodb, tableName);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plans-seed-'));
    const outputs = path.join(dir, 'outputs.json');
    fs.writeFileSync(outputs, JSON.stringify({ ProofmarkStack: { AppUrl: 'https://x.example', TableName: tableName } }));
    const aws = Object.fromEntries(Object.entries(cloud().functionEnv).filter(([k]) => k.startsWith('AWS_')));
    const deployed = async (...args: string[]) =>
      (
        await run('npx', ['tsx', 'scripts/plans.ts', ...args, '--outputs', outputs], {
          env: { ...process.env, ...aws, TABLE_NAME: '', DATA_DIR: dir },
        })
      ).stdout;
    try {
      expect(await deployed('seed')).toMatch(new RegExp(`Seeded table ${tableName}: 3 of the first plans added`));
      expect(await deployed('list')).toMatch(/starter.*\$39.*100 certificates\s+active[\s\S]*professional[\s\S]*institution/);
      await deployed('retire', '--id', 'starter');
      expect(await deployed('seed')).toMatch(/: 0 of the first plans added/);
      expect(await deployed('list')).toMatch(/starter.*retired/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // The shared test cloud's own catalogue is untouched.
    const plans = (await api<{ plans: Plan[] }>('GET', '/api/plans')).body.Data!.plans;
    expect(plans.some((p) => p.planId === 'starter')).toBe(true);
  }, 300_000);
});
