import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { expect, it } from 'vitest';
import { repoRoot } from '../constructs/backend-function';
import { ProofmarkStack } from '../stack';

const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};

interface Report {
  pluginReports: { violations: { ruleName: string; violatingResources: { constructPath: string }[] }[] }[];
}

/**
 * Synthesizes the stack (bundling off: the rules read the template) with cdk-nag's AwsSolutions pack
 * as a policy validation plugin, and returns every unacknowledged finding as `rule @ construct`.
 */
const nagFindings = (
  extend?: (stack: ProofmarkStack) => void,
  env: { account?: string; region?: string } = { account: '123456789012', region: 'eu-west-1' },
): string[] => {
  const outdir = mkdtempSync(join(tmpdir(), 'proofmark-nag-'));
  try {
    const app = new App({
      outdir,
      context: {
        ...cdkJson.context,
        'aws:cdk:bundling-stacks': [],
        webDist: '.no-spa-build',
        verifierDist: '.no-verifier-build',
        '@aws-cdk/core:validationReportJson': true,
      },
    });
    const stack = new ProofmarkStack(app, 'ProofmarkStack', { env });
    extend?.(stack);
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    try {
      app.synth();
      return [];
    } catch {
      // Synthesis fails on findings; the report names them.
      const report = JSON.parse(
        readFileSync(join(outdir, 'policy-validation-report.json'), 'utf8'),
      ) as Report;
      return report.pluginReports.flatMap((p) =>
        p.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} @ ${r.constructPath}`)),
      );
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
};

it('has no unacknowledged cdk-nag AwsSolutions finding (each kept one has a reason in infra/nag.ts)', () => {
  expect(nagFindings()).toEqual([]);
}, 180_000);

it('has none either when synthesized without an account, as `npm run synth` runs offline', () => {
  expect(nagFindings(undefined, { region: 'eu-west-1' })).toEqual([]);
}, 180_000);

it('reports a resource that breaks a rule (the check is live)', () => {
  // A queue without a dead-letter queue and without TLS enforced.
  const findings = nagFindings((stack) => new Queue(stack, 'CarelessQueue'));
  expect(findings).toEqual(
    expect.arrayContaining([
      'AwsSolutions-SQS3 @ ProofmarkStack/CarelessQueue/Resource',
      'AwsSolutions-SQS4 @ ProofmarkStack/CarelessQueue/Resource',
    ]),
  );
}, 180_000);
