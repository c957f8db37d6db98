import fs from 'node:fs';
import path from 'node:path';
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

/**
 * The contract's route tables are the server's (the SPA's client reads only their types), and a
 * schema nobody imports is not built: web/build/pure-schemas.ts lets the build drop both. Without
 * it every contract module a screen touches ships, and builds, all of its schemas (the profile's
 * route table and answers: 486 schemas on the Setting tab's first open, 347 with it).
 */
describe('the web builds carry only the contract schemas they use', () => {
  it('ships no route table of the contract', () => {
    const chunks = ['dist', 'dist-verifier'].flatMap((dir) => {
      const assets = path.join(repoRoot, 'web', dir, 'assets');
      return fs
        .readdirSync(assets)
        .filter((f) => f.endsWith('.js'))
        .map((f) => ({ f, code: fs.readFileSync(path.join(assets, f), 'utf8') }));
    });
    expect(chunks.length).toBeGreaterThan(10);
    // A route of the table as the build writes it: its key, then its access rule.
    const tables = chunks.filter((c) => /"(GET|POST|PUT|PATCH|DELETE) \/api\/[^"]*":\{access:/.test(c.code));
    expect(tables.map((c) => c.f)).toEqual([]);
  });
});
