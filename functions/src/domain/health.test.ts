import { describe, expect, it } from 'vitest';
import type { DependencyName } from '@proofmark/shared/contract/system';
import { dependencyProbes } from '../adapters/dependency-probes';
import { healthCheck } from './health';

/** Probes that count their calls; `down` names the dependencies that fail now. */
const countingProbes = () => {
  const calls = { n: 0 };
  const down = new Set<DependencyName>();
  const probes = Object.fromEntries(
    (Object.keys(dependencyProbes) as DependencyName[]).map((name) => [
      name,
      async () => {
        calls.n++;
        await new Promise((r) => setTimeout(r, 5));
        if (down.has(name)) throw new Error(`${name} refused the connection`);
      },
    ]),
  ) as Record<DependencyName, () => Promise<unknown>>;
  return { probes, calls, down, perRound: Object.keys(dependencyProbes).length };
};

describe('the health check', () => {
  it('answers calls within the cache time from one round of probes, also concurrent ones', async () => {
    let clock = 0;
    const { probes, calls, perRound } = countingProbes();
    const check = healthCheck(probes, { cacheMs: 5000, now: () => clock });
    const answers = await Promise.all([check(), check(), check()]);
    expect(calls.n).toBe(perRound);
    expect(answers.every((a) => a.status === 'up')).toBe(true);
    clock = 4999;
    await check();
    expect(calls.n).toBe(perRound);
    clock = 5000;
    await check();
    expect(calls.n).toBe(2 * perRound);
  });

  it('reports a dependency down from the first round after it went down, answering the last round meanwhile', async () => {
    let clock = 0;
    const { probes, down } = countingProbes();
    const check = healthCheck(probes, { cacheMs: 5000, now: () => clock });
    expect((await check()).status).toBe('up');
    const name = Object.keys(probes)[0] as DependencyName;
    down.add(name);
    clock = 6000;
    // The call that starts the new round is answered with the last one's result…
    expect((await check()).status).toBe('up');
    await new Promise((r) => setTimeout(r, 50));
    // …and once that round has ended, every call has its result.
    const health = await check();
    expect(health.status).toBe('degraded');
    expect(health.dependencies[name]).toMatchObject({ up: false, error: `${name} refused the connection` });
  });
});
