// Lambda bundle sizes: every function built as the stack builds it (infra/bundling.ts), minified.
// The budget (infra/bundles/budget.ts): each HTTP group under 1 MB; the health check and the public
// group carry no chain library. The bundle test (test/integration/bundles.test.ts) fails past it;
// this prints the figures and what weighs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAllBundles, type BuiltBundle } from '../../infra/bundles/build';
import { budgetProblems, chainLibrariesIn, HTTP_BUDGET_BYTES } from '../../infra/bundles/budget';
import { repoRoot } from '../../infra/constructs/backend-function';

/** The packages that weigh most in a bundle (bytes of their code in the output). */
const heaviest = (metafile: BuiltBundle['metafile'], n: number) => {
  const weights = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const tail = input.split('node_modules/').slice(1).pop();
      const name = tail ? (/^((?:@[^/]+\/)?[^/]+)\//.exec(tail)?.[1] ?? tail) : 'our code';
      weights.set(name, (weights.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...weights.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, bytes]) => `${name} ${(bytes / 1e3).toFixed(0)} kB`)
    .join(', ');
};

export async function benchBundles(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'proofmark-bench-bundles-'));
  try {
    const started = Date.now();
    const built = await buildAllBundles(repoRoot, out);
    const budget = `${HTTP_BUDGET_BYTES / 1e6} MB`;
    console.log(
      `\nLambda bundles (${built.length}, built in ${((Date.now() - started) / 1000).toFixed(1)} s, minified index.mjs;` +
        ` budget: each HTTP group under ${budget}, http/health and http/public without chain libraries):`,
    );
    for (const b of built) {
      const mb = (b.bytes / 1e6).toFixed(3);
      const over = budgetProblems(b).length > 0;
      const verdict = b.kind === 'http' ? (over ? 'OVER' : 'ok') : '(job)';
      const chain = chainLibrariesIn(b);
      console.log(
        `  ${over ? '✗' : ' '} ${b.name.padEnd(26)} ${mb.padStart(6)} MB  ${verdict.padEnd(5)} chain: ${chain.join(', ') || 'none'}` +
          `${b.nodeModules.length ? `  beside: ${b.nodeModules.join(', ')}` : ''}`,
      );
      console.log(`    ${''.padEnd(26)} heaviest: ${heaviest(b.metafile, 4)}`);
    }
    const problems = built.flatMap(budgetProblems);
    console.log(
      problems.length
        ? `\nOVER BUDGET (${problems.length}):\n${problems.map((p) => `  ✗ ${p}`).join('\n')}`
        : `\nWithin budget: every HTTP group under ${budget}; http/health and http/public carry no chain library.`,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
