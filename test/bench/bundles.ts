// Lambda bundle sizes: every function built as the stack builds it (infra/bundling.ts), minified.
// Budget (issue 11): each HTTP group under 1 MB; the health check and the public group carry no
// chain library. Printed, not asserted here: the bundle test (test/integration/bundles.test.ts)
// asserts that those two carry no chain code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAllBundles, packagesIn } from '../../infra/bundles/build';
import { repoRoot } from '../../infra/constructs/backend-function';

const HTTP_BUDGET_BYTES = 1_000_000;
const CHAIN_LIBRARIES = ['ethers', '@scure/btc-signer', 'jsonld'];

/** The packages that weigh most in a bundle (bytes of their code in the output). */
const heaviest = (metafile: Awaited<ReturnType<typeof buildAllBundles>>[number]['metafile'], n: number) => {
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
    console.log(
      `\nLambda bundles (${built.length}, built in ${((Date.now() - started) / 1000).toFixed(1)} s, minified index.mjs):`,
    );
    for (const b of built) {
      const mb = (b.bytes / 1e6).toFixed(2);
      const chain = CHAIN_LIBRARIES.filter((lib) => packagesIn(b.metafile).has(lib));
      const budget = b.kind === 'http' ? (b.bytes < HTTP_BUDGET_BYTES ? 'within 1 MB' : 'OVER 1 MB') : '';
      console.log(
        `  ${b.name.padEnd(18)} ${mb.padStart(5)} MB  ${budget.padEnd(11)} chain: ${chain.join(', ') || 'none'}` +
          `${b.nodeModules.length ? `  beside: ${b.nodeModules.join(', ')}` : ''}`,
      );
      console.log(`  ${''.padEnd(18)} heaviest: ${heaviest(b.metafile, 4)}`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
