import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobNames, jobs, type JobDef, type JobName } from '../../functions/src/jobs';
import { routeGroups, routeKey, routes } from '../../functions/src/routes';
import { repoRoot } from '../constructs/backend-function';
import { chromiumJobs } from '../constructs/job-workers';
import { chromiumRouteGroups } from '../bundling';
import { httpAccess, jobAccess, userAdminActions, type FunctionAccess } from '../permissions';
import {
  buckets,
  envNames,
  queueFor,
  schedulingEnvNames,
  table,
  userPool,
  type BucketName,
} from '../resources';
import { ProofmarkStack } from '../stack';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Resource {
  id: string;
  Type: string;
  Properties: Json;
  DeletionPolicy?: string;
}

const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as {
  app: string;
  context: Json;
};

/** The stack as `cdk synth` builds it (cdk.json's feature flags), minus esbuild: the tests read the template only. */
const synth = (context: Json = {}): Template => {
  const app = new App({
    context: {
      ...cdkJson.context,
      'aws:cdk:bundling-stacks': [],
      webDist: '.no-spa-build',
      verifierDist: '.no-verifier-build',
      ...context,
    },
  });
  const stack = new ProofmarkStack(app, 'ProofmarkStack', {
    env: { account: '123456789012', region: 'eu-west-1' },
  });
  return Template.fromStack(stack);
};

let template: Template;
// The first synthesis loads CDK's template validation rules: seconds on a busy machine.
beforeAll(() => {
  template = synth();
}, 120_000);

const all = (type: string, t: Template = template): Resource[] =>
  Object.entries(t.findResources(type)).map(([id, r]) => ({ id, ...(r as Omit<Resource, 'id'>) }));
const only = (type: string, t: Template = template): Resource => {
  const found = all(type, t);
  expect(found, type).toHaveLength(1);
  return found[0]!;
};
const byId = (id: string): Resource => {
  const r = template.toJSON().Resources[id];
  expect(r, id).toBeDefined();
  return { id, ...r };
};
const tagOf = (r: Resource, key: string): string | undefined =>
  (r.Properties.Tags as { Key: string; Value: string }[] | undefined)?.find((t) => t.Key === key)?.Value;
/** `{Ref: X}` or `{Fn::GetAtt: [X, ...]}` → X. */
const refId = (value: Json): string => value.Ref ?? value['Fn::GetAtt']?.[0];

/** The functions that run our handlers (CDK's own helper functions carry no table). */
const backendFunctions = (t: Template = template) =>
  all('AWS::Lambda::Function', t).filter((f) => f.Properties.Environment?.Variables?.[envNames.table]);
const functionFor = (entry: string): Resource => {
  const found = backendFunctions().filter((f) => String(f.Properties.Description).includes(`(${entry})`));
  expect(found, entry).toHaveLength(1);
  return found[0]!;
};
const httpFunction = (group: string) => functionFor(`functions/src/http/${group}.ts`);
const jobFunction = (job: string) => functionFor(`functions/src/jobs/${job}.ts`);

/** Every allow statement of the policies attached to a function's role. */
const statementsOf = (fn: Resource): { actions: string[]; resources: Json[] }[] => {
  const role = refId(fn.Properties.Role);
  return all('AWS::IAM::Policy')
    .filter((p) => (p.Properties.Roles as Json[]).some((r) => r.Ref === role))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Json[])
    .filter((s) => s.Effect === 'Allow')
    .map((s) => ({ actions: [s.Action].flat(), resources: [s.Resource].flat() }));
};
const actionsOf = (fn: Resource) => statementsOf(fn).flatMap((s) => s.actions);

const queueOf = (name: string): Resource => {
  const found = all('AWS::SQS::Queue').filter((q) => tagOf(q, 'proofmark:queue') === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
};
const bucketOf = (name: BucketName): Resource => {
  const found = all('AWS::S3::Bucket').filter((b) => tagOf(b, 'proofmark:bucket') === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
};

describe('cdk.json', () => {
  it('runs the TypeScript app with tsx', () => {
    expect(cdkJson.app).toBe('npx tsx infra/app.ts');
  });
});

describe('Auth', () => {
  it('has a length-only password policy and admin-only sign-up by email', () => {
    const pool = only('AWS::Cognito::UserPool');
    expect(pool.Properties.Policies.PasswordPolicy).toMatchObject({
      MinimumLength: userPool.passwordPolicy.minLength,
      RequireLowercase: false,
      RequireUppercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
    });
    expect(pool.Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
    expect(pool.Properties.UsernameAttributes).toEqual(['email']);
    expect(pool.DeletionPolicy).toBe('Retain');
  });

  it('declares the custom attributes of resources.ts', () => {
    const schema = only('AWS::Cognito::UserPool').Properties.Schema as Json[];
    for (const [name, def] of Object.entries(userPool.customAttributes)) {
      expect(schema).toContainEqual(
        expect.objectContaining({ Name: name, AttributeDataType: def.type, Mutable: def.mutable }),
      );
    }
  });

  it('has a secretless client with the auth flows of resources.ts that cannot write the custom claims', () => {
    const client = only('AWS::Cognito::UserPoolClient').Properties;
    expect([...client.ExplicitAuthFlows].sort()).toEqual(userPool.authFlows.map((f) => `ALLOW_${f}`).sort());
    expect(client.GenerateSecret).toBe(false);
    expect(client.PreventUserExistenceErrors).toBe('ENABLED');
    for (const name of Object.keys(userPool.customAttributes))
      expect(client.ReadAttributes).toContain(`custom:${name}`);
    // An absent list would let users set custom:is_admin on themselves.
    expect(client.WriteAttributes).toBeDefined();
    expect((client.WriteAttributes as string[]).filter((a) => a.startsWith('custom:'))).toEqual([]);
  });
});

describe('Api', () => {
  it('trusts ID tokens of the pool through a JWT authorizer', () => {
    const authorizer = only('AWS::ApiGatewayV2::Authorizer').Properties;
    expect(authorizer.AuthorizerType).toBe('JWT');
    expect(authorizer.IdentitySource).toEqual(['$request.header.Authorization']);
    expect(authorizer.JwtConfiguration.Audience).toEqual([{ Ref: only('AWS::Cognito::UserPoolClient').id }]);
    expect(authorizer.JwtConfiguration.Issuer).toEqual({
      'Fn::GetAtt': [only('AWS::Cognito::UserPool').id, 'ProviderURL'],
    });
  });

  it('has exactly one route per entry of routes.ts, to its group function, authorized unless public', () => {
    const apiRoutes = all('AWS::ApiGatewayV2::Route');
    expect(apiRoutes).toHaveLength(routes.length);
    const authorizerId = only('AWS::ApiGatewayV2::Authorizer').id;
    for (const route of routes) {
      const matching = apiRoutes.filter((r) => r.Properties.RouteKey === routeKey(route));
      expect(matching, routeKey(route)).toHaveLength(1);
      const props = matching[0]!.Properties;
      if (route.auth === 'public') {
        expect(props.AuthorizationType ?? 'NONE', routeKey(route)).toBe('NONE');
        expect(props.AuthorizerId, routeKey(route)).toBeUndefined();
      } else {
        expect(props.AuthorizationType, routeKey(route)).toBe('JWT');
        expect(props.AuthorizerId, routeKey(route)).toEqual({ Ref: authorizerId });
      }
      const integrationId = (props.Target['Fn::Join'][1] as Json[])[1]!.Ref as string;
      expect(refId(byId(integrationId).Properties.IntegrationUri), routeKey(route)).toBe(
        httpFunction(route.group).id,
      );
    }
  });

  it('writes access logs of the API stage to a log group kept with the stack', () => {
    const stage = only('AWS::ApiGatewayV2::Stage');
    const [logGroupId, attribute] = stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'];
    const logGroup = all('AWS::Logs::LogGroup').find((g) => g.id === logGroupId);
    expect(attribute).toBe('Arn');
    expect(JSON.parse(stage.Properties.AccessLogSettings.Format)).toMatchObject({
      status: '$context.status',
    });
    expect(logGroup?.DeletionPolicy).toBe('Retain');
  });

  it('answers CORS preflights for the methods of routes.ts with the Authorization header', () => {
    const cors = only('AWS::ApiGatewayV2::Api').Properties.CorsConfiguration;
    expect(cors.AllowHeaders).toContain('authorization');
    for (const method of new Set(routes.map((r) => r.method))) expect(cors.AllowMethods).toContain(method);
    expect(cors.AllowOrigins.length).toBeGreaterThan(0);
  });
});

describe('Functions', () => {
  it('runs one arm64 Node function per route group and per job (x86_64 for those that render with Chromium)', () => {
    const fns = backendFunctions();
    expect(fns).toHaveLength(routeGroups.length + jobNames.length);
    const x64 = new Set([
      ...chromiumJobs.map((job) => jobFunction(job).id),
      ...chromiumRouteGroups.map((group) => httpFunction(group).id),
    ]);
    for (const fn of fns) {
      expect(fn.Properties.Runtime).toMatch(/^nodejs(20|22)\.x$/);
      expect(fn.Properties.Architectures).toEqual([x64.has(fn.id) ? 'x86_64' : 'arm64']);
      expect(fn.Properties.Handler).toBe('index.handler');
    }
    for (const group of routeGroups) httpFunction(group);
    for (const job of jobNames) jobFunction(job);
  });

  it('gives every function the environment named in resources.ts', () => {
    const names = [
      envNames.table,
      ...(Object.keys(buckets) as BucketName[]).map(envNames.bucket),
      ...jobNames.map(envNames.queueUrl),
      envNames.userPoolId,
      envNames.userPoolClientId,
      envNames.mailFrom,
      envNames.chainRpcUrl,
      envNames.chainNetwork,
      envNames.publicBaseUrl,
      envNames.appBaseUrl,
      envNames.kmsKeyId,
    ];
    for (const fn of backendFunctions()) {
      const vars = fn.Properties.Environment.Variables as Json;
      for (const name of names) expect(vars[name], `${fn.id} ${name}`).toBeTruthy();
    }
  });

  it('passes the optional integrations from context to every function, and only when given', () => {
    for (const fn of backendFunctions())
      expect((fn.Properties.Environment.Variables as Json).PROGRAMME_SOURCE_URL).toBeUndefined();
    const configured = synth({
      programmeSourceUrl: 'https://programmes.example.edu/api',
      bitcoinEsploraUrl: 'https://esplora.example.org/api',
      bitcoinNetwork: 'mainnet',
    });
    for (const fn of backendFunctions(configured)) {
      expect(fn.Properties.Environment.Variables).toMatchObject({
        PROGRAMME_SOURCE_URL: 'https://programmes.example.edu/api',
        BITCOIN_ESPLORA_URL: 'https://esplora.example.org/api',
        BITCOIN_NETWORK: 'mainnet',
      });
    }
  });

  it('scopes every grant to our resources and keeps handlers out of the SPA bucket', () => {
    const web = bucketOf('web').id;
    for (const fn of backendFunctions()) {
      for (const statement of statementsOf(fn)) {
        // ses:GetAccount (the health check) has no resource type to scope to.
        if (statement.actions.join() === 'ses:GetAccount') continue;
        expect(statement.resources, `${fn.id} ${statement.actions}`).not.toContain('*');
        // The health check may head the SPA bucket (ListBucket), nothing more.
        if (statement.actions.join() !== 's3:ListBucket')
          expect(JSON.stringify(statement.resources), `${fn.id} ${statement.actions}`).not.toContain(web);
      }
    }
  });
});

describe('Least privilege', () => {
  const accessOf = (fn: Resource): FunctionAccess => {
    const description = String(fn.Properties.Description);
    const group = routeGroups.find((g) => description.includes(`(functions/src/http/${g}.ts)`));
    if (group) return httpAccess[group];
    return jobAccess[jobNames.find((j) => description.includes(`(functions/src/jobs/${j}.ts)`))!];
  };
  /** The resources a function may use an action on. */
  const resourcesFor = (fn: Resource, action: string): Json[] =>
    statementsOf(fn)
      .filter((s) => s.actions.includes(action))
      .flatMap((s) => s.resources);

  it('grants each function exactly the services of infra/permissions.ts', () => {
    for (const fn of backendFunctions()) {
      const access = accessOf(fn);
      const actions = actionsOf(fn);
      const has = (prefix: string) => actions.some((a) => a.startsWith(prefix));
      expect(has('kms:'), `${fn.id} kms`).toBe(access.secrets);
      expect(actions.includes('ses:SendEmail'), `${fn.id} ses`).toBe(access.mail);
      expect(actions.includes('cognito-idp:AdminCreateUser'), `${fn.id} cognito`).toBe(access.users);
      expect(has('scheduler:'), `${fn.id} scheduler`).toBe(access.schedules);
      expect(actions.includes('ses:GetAccount'), `${fn.id} health`).toBe(access.health);
      expect(has('secretsmanager:'), `${fn.id} stripe keys`).toBe(access.stripe);
      // Queues: sends exactly to the listed ones.
      const sendsTo = resourcesFor(fn, 'sqs:SendMessage').map(refId).sort();
      expect(sendsTo, `${fn.id} queues`).toEqual(access.queues.map((job) => queueOf(job).id).sort());
      // No function scans the table.
      expect(actions, fn.id).not.toContain('dynamodb:Scan');
      if (access.table === 'none')
        expect(
          actions.filter((a) => /Item$|^dynamodb:Query$/.test(a)),
          fn.id,
        ).toEqual([]);
      else expect(actions, fn.id).toContain('dynamodb:Query');
    }
  });

  it('gives the public group no user administration, no secrets and no deletes', () => {
    const actions = actionsOf(httpFunction('public'));
    expect(actions.filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
    expect(actions.filter((a) => a.startsWith('kms:'))).toEqual([]);
    expect(actions.filter((a) => a.startsWith('sqs:'))).toEqual([]);
    expect(actions.filter((a) => /Delete|BatchWrite|Scan/.test(a))).toEqual([]);
    expect(actions.filter((a) => /^s3:(Put|Delete|Abort)/.test(a))).toEqual([]);
    // It reads the public bucket only.
    const buckets = statementsOf(httpFunction('public'))
      .filter((s) => s.actions.some((a) => a.startsWith('s3:')))
      .flatMap((s) => s.resources.map((r) => JSON.stringify(r)));
    for (const r of buckets) expect(r).toContain(bucketOf('public').id);
  });

  it('lets the health check read the state of every dependency it reports', () => {
    const health = httpFunction('health');
    const pool = only('AWS::Cognito::UserPool').id;
    expect(resourcesFor(health, 'cognito-idp:DescribeUserPool').map(refId)).toEqual([pool]);
    expect(resourcesFor(health, 'ses:GetAccount')).toEqual(['*']);
    expect(resourcesFor(health, 'dynamodb:DescribeTable').map(refId)).toContain(
      only('AWS::DynamoDB::Table').id,
    );
    expect(resourcesFor(health, 's3:ListBucket').map(refId).sort()).toEqual(
      (Object.keys(buckets) as BucketName[]).map((b) => bucketOf(b).id).sort(),
    );
    expect(resourcesFor(health, 'sqs:GetQueueAttributes').map(refId).sort()).toEqual(
      jobNames.map((job) => queueOf(job).id).sort(),
    );
  });

  it('grants exactly the Cognito admin calls that adapters/identity.ts makes', () => {
    const source = readFileSync(join(repoRoot, 'functions/src/adapters/identity.ts'), 'utf8');
    const calls = [
      ...new Set([...source.matchAll(/new (Admin\w+)Command/g)].map((m) => `cognito-idp:${m[1]}`)),
    ];
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.sort()).toEqual([...userAdminActions].sort());
  });

  it('gives user administration only to the groups that manage users, and only the calls they make', () => {
    for (const group of routeGroups) {
      const cognito = actionsOf(httpFunction(group)).filter((a) => a.startsWith('cognito-idp:Admin'));
      expect(cognito.sort(), group).toEqual(httpAccess[group].users ? [...userAdminActions].sort() : []);
    }
  });
});

describe('Data', () => {
  it('is one on-demand table with PITR, TTL and the indexes of resources.ts, kept on delete', () => {
    const t = only('AWS::DynamoDB::Table');
    expect(t.DeletionPolicy).toBe('Retain');
    expect(t.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
      KeySchema: [
        { AttributeName: table.partitionKey, KeyType: 'HASH' },
        { AttributeName: table.sortKey, KeyType: 'RANGE' },
      ],
    });
    const indexes = t.Properties.GlobalSecondaryIndexes as Json[];
    expect(indexes).toHaveLength(table.globalIndexes.length);
    for (const index of table.globalIndexes) {
      expect(indexes).toContainEqual(
        expect.objectContaining({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      );
    }
  });
});

describe('Storage', () => {
  it.each(Object.keys(buckets) as BucketName[])(
    '%s bucket is private, encrypted, TLS-only, with the CORS of resources.ts',
    (name) => {
      const bucket = bucketOf(name);
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(
        bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault
          .SSEAlgorithm,
      ).toBeTruthy();
      expect(bucket.DeletionPolicy).toBe('Retain');

      const rules = buckets[name].cors;
      if (rules.length === 0) expect(bucket.Properties.CorsConfiguration).toBeUndefined();
      else
        expect(bucket.Properties.CorsConfiguration.CorsRules).toEqual(
          rules.map((r) => ({
            AllowedMethods: [...r.allowedMethods],
            AllowedOrigins: [...r.allowedOrigins],
            AllowedHeaders: [...r.allowedHeaders],
            ...('exposedHeaders' in r ? { ExposedHeaders: [...r.exposedHeaders] } : {}),
            MaxAge: r.maxAgeSeconds,
          })),
        );

      const policy = all('AWS::S3::BucketPolicy').find((p) => p.Properties.Bucket.Ref === bucket.id);
      expect(policy?.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    },
  );
});

describe('Jobs', () => {
  it.each(jobNames)(
    '%s has a queue with a dead-letter queue and a visibility timeout of six runs',
    (job: JobName) => {
      const def = queueFor(job);
      const queue = queueOf(job);
      const dlq = queueOf(`${job}-dlq`);
      expect(queue.Properties.RedrivePolicy).toEqual({
        deadLetterTargetArn: { 'Fn::GetAtt': [dlq.id, 'Arn'] },
        maxReceiveCount: def.maxReceiveCount,
      });
      expect(dlq.Properties.MessageRetentionPeriod).toBe(def.dlqRetentionDays * 86_400);
      expect(queue.Properties.VisibilityTimeout).toBe(def.visibilityTimeoutSeconds);
      expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(
        6 * jobFunction(job).Properties.Timeout,
      );
    },
  );

  it.each(jobNames)(
    '%s function consumes its queue in batches and reports partial failures',
    (job: JobName) => {
      const fn = jobFunction(job);
      expect(fn.Properties.Timeout).toBe(jobs[job].timeoutSeconds);
      expect(fn.Properties.MemorySize).toBe(jobs[job].memoryMb);
      const mappings = all('AWS::Lambda::EventSourceMapping').filter(
        (m) => m.Properties.FunctionName.Ref === fn.id,
      );
      expect(mappings).toHaveLength(1);
      expect(mappings[0]!.Properties).toMatchObject({
        EventSourceArn: { 'Fn::GetAtt': [queueOf(job).id, 'Arn'] },
        BatchSize: jobs[job].batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      const def: JobDef = jobs[job];
      expect(mappings[0]!.Properties.ScalingConfig?.MaximumConcurrency).toBe(def.concurrency);
    },
  );

  it('has exactly one event source mapping per job', () => {
    expect(all('AWS::Lambda::EventSourceMapping')).toHaveLength(jobNames.length);
  });
});

describe('Scheduling, secrets and mail', () => {
  it('has a schedule group and a role the scheduler assumes to send to every job queue', () => {
    only('AWS::Scheduler::ScheduleGroup');
    const role = all('AWS::IAM::Role').find((r) =>
      JSON.stringify(r.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    );
    expect(role).toBeDefined();
    const statements = all('AWS::IAM::Policy')
      .filter((p) => (p.Properties.Roles as Json[]).some((r) => r.Ref === role!.id))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Json[]);
    // CDK merges grants into one statement with a list of resources once there are several queues.
    const sendable = statements
      .filter((st) => ([] as unknown[]).concat(st.Action).includes('sqs:SendMessage'))
      .flatMap((st) => ([] as Json[]).concat(st.Resource as Json));
    for (const job of jobNames) {
      expect(sendable).toContainEqual({ 'Fn::GetAtt': [queueOf(job).id, 'Arn'] });
    }
  });

  it('tells the HTTP functions where scheduled issuance goes: the group, the role and the issue queue', () => {
    const group = only('AWS::Scheduler::ScheduleGroup');
    const vars = httpFunction('workspace-issuing').Properties.Environment.Variables as Json;
    expect(vars[schedulingEnvNames.group]).toEqual({ Ref: group.id });
    expect(vars[schedulingEnvNames.roleArn]).toBeTruthy();
    expect(vars[schedulingEnvNames.targetArn('issue')]).toEqual({
      'Fn::GetAtt': [queueOf('issue').id, 'Arn'],
    });
  });

  it('keeps the Stripe keys in one secret (no key in the template) that only the paying functions read', () => {
    const secret = only('AWS::SecretsManager::Secret');
    expect(secret.DeletionPolicy).toBe('Retain');
    // The stack writes an empty template only; the operator writes the keys.
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(JSON.parse(secret.Properties.GenerateSecretString.SecretStringTemplate as string)).toEqual({
      publishableKey: '',
      secretKey: '',
      webhookSecret: '',
    });
    expect(JSON.stringify(template.toJSON())).not.toMatch(/(sk|pk|rk)_(live|test)_|whsec_/);
    const readers = backendFunctions()
      .filter((fn) => actionsOf(fn).includes('secretsmanager:GetSecretValue'))
      .map((fn) => fn.id);
    expect(readers.sort()).toEqual([httpFunction('billing').id, httpFunction('public-stripe').id].sort());
    for (const fn of backendFunctions()) {
      const vars = fn.Properties.Environment.Variables as Json;
      if (readers.includes(fn.id)) {
        expect(vars[envNames.stripeSecretArn], fn.id).toEqual({ Ref: secret.id });
        const reads = statementsOf(fn).filter((st) => st.actions.includes('secretsmanager:GetSecretValue'));
        expect(reads.flatMap((st) => st.resources)).toEqual([{ Ref: secret.id }]);
      } else expect(vars[envNames.stripeSecretArn], fn.id).toBeUndefined();
      for (const name of [envNames.stripeSecretKey, envNames.stripeWebhookSecret, envNames.stripeApiUrl])
        expect(vars[name], `${fn.id} ${name}`).toBeUndefined();
    }
    template.hasOutput('StripeKeysSecretArn', { Value: { Ref: secret.id } });
  });

  it('encrypts secrets with a rotating KMS key that survives the stack', () => {
    const keys = all('AWS::KMS::Key');
    // Two keys: the secrets' envelope key, and the alarm topic's (Monitoring).
    expect(keys.map((k) => k.id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'MonitoringTopicKey',
      'SecretsKey',
    ]);
    for (const key of keys) expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(keys.find((k) => k.id.startsWith('SecretsKey'))!.DeletionPolicy).toBe('Retain');
  });

  it('sends mail from an SES identity, an address by default or a domain from context', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'no-reply@example.com' });

    const withDomain = synth({ mailDomain: 'certs.example.org' });
    withDomain.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'certs.example.org' });
    for (const fn of backendFunctions(withDomain)) {
      expect(fn.Properties.Environment.Variables[envNames.mailFrom]).toBe('no-reply@certs.example.org');
    }
    expect(() => synth({ mailDomain: 'certs.example.org', mailFrom: 'me@elsewhere.example' })).toThrow(
      /not an address of mailDomain/,
    );
  });
});

describe('Cdn', () => {
  const distributions = () =>
    all('AWS::CloudFront::Distribution').map((d) => d.Properties.DistributionConfig as Json);
  const appDistribution = () => distributions().find((d) => d.DefaultRootObject === 'index.html')!;

  const cloudFrontFunction = (comment: RegExp) => {
    const found = all('AWS::CloudFront::Function').filter((f) =>
      comment.test(f.Properties.FunctionConfig.Comment as string),
    );
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const rewriterOf = (fn: Resource) => {
    const handler = new Function(`${fn.Properties.FunctionCode as string}; return handler;`)() as (
      e: Json,
    ) => { uri: string };
    return (uri: string) => handler({ request: { uri } }).uri;
  };

  it('has two distributions, each reaching its buckets (SPA and verifier; public) through origin access control', () => {
    expect(distributions()).toHaveLength(2);
    expect(all('AWS::CloudFront::OriginAccessControl')).toHaveLength(3);
    for (const d of distributions()) {
      expect(d.Origins.some((o: Json) => o.OriginAccessControlId)).toBe(true);
    }
  });

  it('serves the SPA with history fallback on the S3 behaviour only, so API errors keep their status', () => {
    const app = appDistribution();
    expect(app).toBeDefined();
    expect(app.DefaultCacheBehavior.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [cloudFrontFunction(/SPA/).id, 'FunctionARN'] },
      },
    ]);
    // Distribution-wide error responses would also rewrite the API's 403/404 into index.html.
    expect(app.CustomErrorResponses).toBeUndefined();

    const rewrite = rewriterOf(cloudFrontFunction(/SPA/));
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/Dashboard')).toBe('/index.html');
    expect(rewrite('/ManageCertificate/42')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/config.json')).toBe('/config.json');
  });

  it('serves the public verifier app at /verify from its own private bucket, compressed and cached', () => {
    const app = appDistribution();
    const verifierFn = cloudFrontFunction(/verifier/);
    const behaviours = (app.CacheBehaviors as Json[]).filter((b) => /^\/verify/.test(b.PathPattern));
    expect(behaviours.map((b) => b.PathPattern).sort()).toEqual(['/verify', '/verify/*']);
    const bucket = all('AWS::S3::Bucket').find((b) => tagOf(b, 'proofmark:bucket') === 'verifier')!;
    expect(bucket.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicPolicy: true });
    for (const b of behaviours) {
      expect(b).toMatchObject({
        Compress: true,
        CachePolicyId: CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
        ViewerProtocolPolicy: 'redirect-to-https',
        FunctionAssociations: [
          { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [verifierFn.id, 'FunctionARN'] } },
        ],
      });
      const origin = (app.Origins as Json[]).find((o) => o.Id === b.TargetOriginId)!;
      expect(JSON.stringify(origin.DomainName)).toContain(bucket.id);
      expect(origin.OriginAccessControlId).toBeDefined();
    }
    expect(app.DefaultCacheBehavior.Compress).toBe(true);
    // Its pages, the generic one and an organisation's (slugs never contain a dot), get its index.html.
    const rewrite = rewriterOf(verifierFn);
    expect(rewrite('/verify')).toBe('/verify/index.html');
    expect(rewrite('/verify/')).toBe('/verify/index.html');
    expect(rewrite('/verify/analytical-college-a1b2c3')).toBe('/verify/index.html');
    expect(rewrite('/verify/assets/index-abc123.js')).toBe('/verify/assets/index-abc123.js');
  });

  it('sends /api/* to the HTTP API uncached with every viewer header but Host', () => {
    const app = appDistribution();
    const api = (app.CacheBehaviors as Json[]).find((b) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
    });
    const origin = (app.Origins as Json[]).find((o) => o.Id === api!.TargetOriginId);
    expect(JSON.stringify(origin!.DomainName)).toContain(only('AWS::ApiGatewayV2::Api').id);
  });

  it('answers public artefacts with the CORS headers of resources.ts', () => {
    const rule = buckets.public.cors[0];
    const policy = only('AWS::CloudFront::ResponseHeadersPolicy').Properties.ResponseHeadersPolicyConfig
      .CorsConfig;
    expect(policy).toMatchObject({
      AccessControlAllowOrigins: { Items: [...rule.allowedOrigins] },
      AccessControlAllowMethods: { Items: expect.arrayContaining([...rule.allowedMethods]) },
      AccessControlMaxAgeSec: rule.maxAgeSeconds,
      AccessControlAllowCredentials: false,
    });
    const publicDistribution = distributions().find((d) => d !== appDistribution())!;
    expect(publicDistribution.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({
      Ref: only('AWS::CloudFront::ResponseHeadersPolicy').id,
    });
  });
});

describe('SPA upload', () => {
  it('uploads the built SPA and verifier app, assets immutable, pages revalidated, when they exist', () => {
    const dist = mkdtempSync(join(tmpdir(), 'proofmark-web-'));
    try {
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Proofmark</title>');
      const t = synth({ webDist: dist, verifierDist: dist });
      t.hasResourceProperties('Custom::CDKBucketDeployment', {
        Prune: false,
        DistributionPaths: ['/index.html', '/config.json'],
        DestinationBucketName: { Ref: Match.stringLikeRegexp('^StorageWeb') },
        Exclude: ['assets/*'],
        SystemMetadata: { 'cache-control': 'no-cache' },
      });
      t.hasResourceProperties('Custom::CDKBucketDeployment', {
        DestinationBucketName: { Ref: Match.stringLikeRegexp('^StorageWeb') },
        Include: ['assets/*'],
        SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      });
      t.hasResourceProperties('Custom::CDKBucketDeployment', {
        DistributionPaths: ['/verify/index.html'],
        DestinationBucketName: { Ref: Match.stringLikeRegexp('^StorageVerifier') },
        DestinationBucketKeyPrefix: 'verify/',
        SystemMetadata: { 'cache-control': 'no-cache' },
      });
      t.hasResourceProperties('Custom::CDKBucketDeployment', {
        DestinationBucketName: { Ref: Match.stringLikeRegexp('^StorageVerifier') },
        DestinationBucketKeyPrefix: 'verify/',
        Include: ['assets/*'],
      });
      expect(backendFunctions(t)).toHaveLength(routeGroups.length + jobNames.length);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
    expect(all('Custom::CDKBucketDeployment')).toHaveLength(0);
  });
});

describe('Monitoring', () => {
  const alarms = () => all('AWS::CloudWatch::Alarm');
  // The mail events have their own topic; the alarms' is the Monitoring construct's.
  const topic = () => {
    const found = all('AWS::SNS::Topic').filter((t) => t.id.startsWith('MonitoringAlarms'));
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  /** Alarms on `metric` in `namespace` whose dimension `dimension` refers to the resource `id`. */
  const alarmsOn = (namespace: string, metric: string, dimension: string, id: string) =>
    alarms().filter(
      (a) =>
        a.Properties.Namespace === namespace &&
        a.Properties.MetricName === metric &&
        (a.Properties.Dimensions as Json[]).some(
          (d) => d.Name === dimension && JSON.stringify(d.Value).includes(`"${id}"`),
        ),
    );
  const tellsTheTopic = (a: Resource) => {
    expect(a.Properties.AlarmActions, a.id).toEqual([{ Ref: topic().id }]);
    expect(a.Properties.TreatMissingData, a.id).toBe('notBreaching');
  };

  it('publishes to one encrypted topic, named by context, with an address subscribed when given', () => {
    const t = topic();
    expect(t.Properties.TopicName).toBe('proofmark-alarms');
    expect(refId(t.Properties.KmsMasterKeyId)).toMatch(/TopicKey/);
    expect(all('AWS::SNS::Subscription').filter((s) => s.Properties.Protocol === 'email')).toHaveLength(0);
    const named = synth({ alarmTopicName: 'ops-pager', alarmEmail: 'ops@example.org' });
    named.hasResourceProperties('AWS::SNS::Topic', { TopicName: 'ops-pager' });
    named.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org' });
  });

  it('alarms on a message parked in any dead-letter queue', () => {
    for (const job of jobNames) {
      const found = alarmsOn(
        'AWS/SQS',
        'ApproximateNumberOfMessagesVisible',
        'QueueName',
        queueOf(`${job}-dlq`).id,
      );
      expect(found, job).toHaveLength(1);
      expect(found[0]!.Properties).toMatchObject({
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
      tellsTheTopic(found[0]!);
    }
  });

  /** The alarms on a metric expression, with the metrics it reads. */
  const expressionAlarms = () =>
    alarms()
      .filter((a) => (a.Properties.Metrics as Json[] | undefined)?.length)
      .map((a) => ({
        alarm: a,
        expression: (a.Properties.Metrics as Json[]).find((m) => m.Expression)!.Expression as string,
        metrics: (a.Properties.Metrics as Json[])
          .filter((m) => m.MetricStat)
          .map((m) => m.MetricStat.Metric as Json),
      }));

  it('alarms on errors and throttles of every function, one alarm each', () => {
    const functions = backendFunctions();
    expect(functions).toHaveLength(routeGroups.length + jobNames.length);
    for (const fn of functions) {
      const found = expressionAlarms().filter(({ metrics }) =>
        metrics.every(
          (m) => m.Namespace === 'AWS/Lambda' && JSON.stringify(m.Dimensions).includes(`"${fn.id}"`),
        ),
      );
      expect(found, fn.id).toHaveLength(1);
      expect(found[0]!.expression).toBe('errors + throttles');
      expect(found[0]!.metrics.map((m) => m.MetricName).sort()).toEqual(['Errors', 'Throttles']);
      expect(found[0]!.alarm.Properties.Threshold).toBe(0);
      tellsTheTopic(found[0]!.alarm);
    }
  });

  it("keeps the stack under CloudFormation's 500 resources with room for more routes", () => {
    // 482 with paid verification requests (a public group and the request-mail job) and the public
    // verifier app (its bucket and CloudFront path): 18 left. The next large feature splits the stack
    // (a nested stack per area) instead of raising this again.
    expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(490);
  });

  it("alarms on the API's 5xx rate", () => {
    const rate = expressionAlarms().filter(({ metrics }) =>
      metrics.every((m) => m.Namespace === 'AWS/ApiGateway'),
    );
    expect(rate).toHaveLength(1);
    expect(rate[0]!.expression).toContain('errors / requests');
    expect(rate[0]!.metrics.map((m) => m.MetricName).sort()).toEqual(['5xx', 'Count']);
    tellsTheTopic(rate[0]!.alarm);
  });
});
