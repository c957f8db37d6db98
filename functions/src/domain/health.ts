import type { DependencyName, HealthResponse } from '@proofmark/shared/contract/system';
import { dependencyProbes } from '../adapters/dependency-probes';

type Health = HealthResponse['Data'];
type Probes = Record<DependencyName, () => Promise<unknown>>;

/** How long one round of probes answers every health call: a dependency that goes down shows within this. */
export const HEALTH_CACHE_MS = 5_000;

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref()),
  ]);

/** Probes every dependency in parallel; one that is down or slow makes the service "degraded". */
const probeAll = async (probes: Probes, timeoutMs: number): Promise<Health> => {
  const entries = await Promise.all(
    (Object.keys(probes) as DependencyName[]).map(async (name) => {
      const started = Date.now();
      try {
        await withTimeout(probes[name](), timeoutMs);
        return [name, { up: true, ms: Date.now() - started }] as const;
      } catch (err) {
        return [name, { up: false, ms: Date.now() - started, error: (err as Error).message }] as const;
      }
    }),
  );
  const dependencies = Object.fromEntries(entries) as Health['dependencies'];
  return { status: entries.every(([, d]) => d.up) ? 'up' : 'degraded', dependencies };
};

/**
 * The health check behind GET /api/health. Probing every dependency on each call made the route
 * slow under load and a load on the dependencies itself, so one round of probes answers every call
 * for `cacheMs`. Once that is over, the next call starts a new round and is answered with the last
 * one's result meanwhile (as are calls until the round ends): only the very first calls wait for a
 * round, so a slow round never shows in the route's latency, and a dependency that went down shows
 * within `cacheMs` plus one round.
 */
export const healthCheck = (
  probes: Probes,
  { cacheMs = HEALTH_CACHE_MS, timeoutMs = 3000, now = Date.now } = {},
) => {
  let last: { at: number; health: Health } | undefined;
  let running: Promise<Health> | undefined;
  return (): Promise<Health> => {
    if (last && now() - last.at < cacheMs) return Promise.resolve(last.health);
    running ??= probeAll(probes, timeoutMs)
      .then((health) => {
        last = { at: now(), health };
        return health;
      })
      .finally(() => {
        running = undefined;
      });
    return last ? Promise.resolve(last.health) : running;
  };
};

export const checkHealth = healthCheck(dependencyProbes);
