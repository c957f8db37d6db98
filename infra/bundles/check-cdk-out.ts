// `npx tsx infra/bundles/check-cdk-out.ts <cdk.out dir>`: imports every Lambda asset that
// `cdk synth` (with bundling) wrote, each in a fresh `node`, and calls its handler once with the
// bundle test's smoke call. Without a cloud the health check answers 503 (its dependencies are
// unreachable), which still proves the bundle loads; everything else must answer as in the test.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lambdaBundles } from '../bundling';
import { smokeCallFor } from './events';
import { loadBundle } from './load';

interface Template {
  Resources: Record<
    string,
    { Type: string; Properties: { Description?: string; Code?: { S3Key?: string } } }
  >;
}

const dir = process.argv[2] ?? 'cdk.out';
const template = JSON.parse(readFileSync(join(dir, 'ProofmarkStack.template.json'), 'utf8')) as Template;
const functions = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');

let failed = 0;
const results = await Promise.all(
  lambdaBundles().map(async (bundle) => {
    const fn = functions.find((f) => f.Properties.Description?.includes(`(${bundle.entry})`));
    const key = fn?.Properties.Code?.S3Key;
    const assetDir = key ? join(dir, `asset.${key.replace(/\.zip$/, '')}`) : '';
    if (!key || !existsSync(join(assetDir, 'index.mjs'))) {
      failed++;
      return `${bundle.name}: no bundled asset in ${dir}`;
    }
    const call = smokeCallFor(bundle);
    const result = await loadBundle(assetDir, call.event, bundle.nodeModules);
    if (!result.ok) {
      failed++;
      return `${bundle.name}: FAILED at ${result.phase}: ${result.error.split('\n')[0]}`;
    }
    const status = (result.answer as { statusCode?: number }).statusCode;
    const ok = call.check(result.answer) || (bundle.name === 'http/health' && status === 503);
    if (!ok) failed++;
    return `${bundle.name}: ${ok ? 'loads and answers' : 'UNEXPECTED ANSWER'} ${JSON.stringify(result.answer).slice(0, 80)}`;
  }),
);
for (const line of results) console.log(line);
console.log(`${results.length - failed} of ${results.length} bundles load and answer`);
process.exitCode = failed ? 1 : 0;
