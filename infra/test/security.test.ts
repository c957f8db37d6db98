import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../constructs/backend-function';
import { apiThrottles } from '../resources';
import { ProofmarkStack } from '../stack';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let template: Template;
beforeAll(() => {
  const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Json };
  const app = new App({
    context: {
      ...cdkJson.context,
      'aws:cdk:bundling-stacks': [],
      webDist: '.no-spa-build',
      verifierDist: '.no-verifier-build',
    },
  });
  const stack = new ProofmarkStack(app, 'ProofmarkStack', {
    env: { account: '123456789012', region: 'eu-west-1' },
  });
  template = Template.fromStack(stack);
}, 120_000);

const resources = (type: string): Json[] => Object.values(template.findResources(type));

describe('security settings of the stack', () => {
  it('expires uploads/ in the artefacts bucket after a day', () => {
    const rules = resources('AWS::S3::Bucket').flatMap(
      (b) => (b.Properties?.LifecycleConfiguration?.Rules as Json[] | undefined) ?? [],
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
    );
  });

  it('throttles every route by default and the public routes that cost something more tightly', () => {
    const stages = resources('AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(1);
    const stage = stages[0]!;
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: apiThrottles.default.rate,
      ThrottlingBurstLimit: apiThrottles.default.burst,
    });
    for (const [key, t] of Object.entries(apiThrottles.routes))
      expect(stage.Properties.RouteSettings[key], key).toEqual({
        ThrottlingRateLimit: t.rate,
        ThrottlingBurstLimit: t.burst,
      });
    // Route settings must name existing routes: the stage waits for them.
    const routeKeys = resources('AWS::ApiGatewayV2::Route').map((r) => r.Properties.RouteKey as string);
    for (const key of Object.keys(apiThrottles.routes)) expect(routeKeys, key).toContain(key);
    expect((stage.DependsOn as string[] | undefined)?.length ?? 0).toBeGreaterThanOrEqual(
      Object.keys(apiThrottles.routes).length,
    );
  });

  it('never gives a function the one-machine exemptions', () => {
    for (const f of resources('AWS::Lambda::Function')) {
      const vars = Object.keys((f.Properties?.Environment?.Variables as Json | undefined) ?? {});
      for (const name of ['CLIENT_LIMIT_EXEMPT', 'ONE_MACHINE_ALLOWED_TARGETS', 'ONE_MACHINE_DATA_DIR'])
        expect(vars).not.toContain(name);
    }
  });
});
