import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { cloud } from './helpers';
import { registeredAdmin } from './accounts';
import { balanceOf, ledgerOf } from './stripe-fixtures';

const run = promisify(execFile);

/** `npm run grant -- …` as the product team runs it, against this test's local cloud (its runtime.json). */
const grantScript = async (...args: string[]) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grant-script-'));
  fs.writeFileSync(path.join(dataDir, 'runtime.json'), JSON.stringify(cloud()));
  try {
    const { stdout } = await run('npx', ['tsx', 'scripts/grant.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, TABLE_NAME: '' },
    });
    return { ok: true, out: stdout };
  } catch (err) {
    const e = err as { stderr?: string };
    return { ok: false, out: e.stderr ?? '' };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

describe('npm run grant', () => {
  it('credits an organisation with a ledger entry naming why and who, once per key', async () => {
    const admin = await registeredAdmin();
    const args = ['--org', admin.orgId, '--count', '50', '--reason', 'Conference partner', '--key', 'TICKET-481', '--by', 'ada'];
    const first = await grantScript(...args);
    expect(first.out).toMatch(/Granted 50 certificates/);
    expect(await balanceOf(admin)).toBe(FREE_TRIAL_CERTIFICATES + 50);
    const ledger = await ledgerOf(admin);
    expect(ledger.entries.map((e) => e.reason)).toEqual(['grant', 'trial']);
    expect(ledger.entries[0]).toMatchObject({
      amount: 50,
      note: 'Conference partner',
      by: 'ada',
      balanceAfter: FREE_TRIAL_CERTIFICATES + 50,
    });

    // Run again (a retried command): nothing more.
    expect((await grantScript(...args)).out).toMatch(/Already granted under key TICKET-481/);
    expect(await balanceOf(admin)).toBe(FREE_TRIAL_CERTIFICATES + 50);
    expect((await ledgerOf(admin)).entries).toHaveLength(2);

    // The same key for another count is refused.
    const other = await grantScript('--org', admin.orgId, '--count', '70', '--reason', 'x', '--key', 'TICKET-481', '--by', 'ada');
    expect(other).toMatchObject({ ok: false });
    expect(other.out).toMatch(/was used for 50 certificates/);

    // A new key run twice at once gives once.
    const second = ['--org', admin.orgId, '--count', '5', '--reason', 'Second', '--key', 'TICKET-482'];
    const both = await Promise.all([grantScript(...second), grantScript(...second)]);
    expect(both.map((r) => (/Granted 5/.test(r.out) ? 'granted' : /Already granted/.test(r.out) ? 'seen' : r.out)).sort()).toEqual([
      'granted',
      'seen',
    ]);
    const l = await ledgerOf(admin);
    expect(l.balance).toBe(FREE_TRIAL_CERTIFICATES + 55);
    expect(l.entries.reduce((t, e) => t + e.amount, 0)).toBe(l.balance);
  }, 300_000);

  it('refuses an unknown organisation, a zero count and a missing reason or key, changing nothing', async () => {
    const admin = await registeredAdmin();
    const unknown = await grantScript('--org', 'no-such-org', '--count', '5', '--reason', 'r', '--key', 'K-1');
    expect(unknown).toMatchObject({ ok: false });
    expect(unknown.out).toMatch(/no organisation "no-such-org"/);
    expect((await grantScript('--org', admin.orgId, '--count', '0', '--reason', 'r', '--key', 'K-2')).out).toMatch(/other than 0/);
    expect((await grantScript('--org', admin.orgId, '--count', '5', '--key', 'K-3')).out).toMatch(/Usage/);
    expect((await grantScript('--org', admin.orgId, '--count', '5', '--reason', 'r')).out).toMatch(/Usage/);
    expect(await balanceOf(admin)).toBe(FREE_TRIAL_CERTIFICATES);
  }, 300_000);
});
