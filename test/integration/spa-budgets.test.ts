import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/constructs/backend-function';
import { budgetProblems, weighBuilds } from '../../scripts/spa-budgets';

/**
 * The JavaScript budgets of the web builds (scripts/spa-budgets.ts): the landing page and /login
 * under 300 kB gzipped on their first paint, the public verifier under 150 kB. It weighs the builds
 * this project's global setup has just made or found current (ensureWebBuilt) rather than building
 * again; scripts/spa-budgets.test.ts shows the check failing when a chunk grows.
 */
describe('the web builds within their JavaScript budgets', () => {
  it('loads under budget on the first paint of /, /login and /verify', () => {
    const weights = weighBuilds(repoRoot);
    expect(weights.map((w) => w.route)).toEqual(['/', '/login', '/verify']);
    for (const w of weights) expect(w.gzip, w.route).toBeGreaterThan(0);
    expect(budgetProblems(weights)).toEqual([]);
  });
});
