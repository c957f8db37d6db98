import type { DependencyName, HealthResponse } from '@proofmark/shared/contract/system';
import { dependencyProbes as checks } from '../adapters/dependency-probes';

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref()),
  ]);

/** Probes every dependency in parallel; one that is down or slow makes the service "degraded". */
export const checkHealth = async (timeoutMs = 3000): Promise<HealthResponse['Data']> => {
  const entries = await Promise.all(
    (Object.keys(checks) as DependencyName[]).map(async (name) => {
      const started = Date.now();
      try {
        await withTimeout(checks[name](), timeoutMs);
        return [name, { up: true, ms: Date.now() - started }] as const;
      } catch (err) {
        return [name, { up: false, ms: Date.now() - started, error: (err as Error).message }] as const;
      }
    }),
  );
  const dependencies = Object.fromEntries(entries) as HealthResponse['Data']['dependencies'];
  return { status: entries.every(([, d]) => d.up) ? 'up' : 'degraded', dependencies };
};
