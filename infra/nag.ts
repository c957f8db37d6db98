import { Stack, Token, Validations, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { FunctionAccess } from './permissions';

/*
 * The findings of cdk-nag's AwsSolutions pack (infra/test/nag.test.ts) that this stack keeps on
 * purpose, each with its reason. Everything else it finds is fixed, and the test fails on a new one.
 * Wildcard findings (IAM5) are acknowledged one by one, naming the exact resource or action pattern,
 * so a new wildcard in a grant is still reported.
 */

export interface NagScopes {
  stack: Stack;
  /** Every function with what it may do: a wildcard is acknowledged only where its grant is made. */
  functions: (IConstruct & { access: FunctionAccess; role?: IConstruct })[];
  table: CfnElement;
  buckets: { artefacts: CfnElement; public: CfnElement; web: CfnElement };
  scheduleGroup: CfnElement;
  userPool: IConstruct;
  api: IConstruct;
  cdn: IConstruct;
  storage: IConstruct;
  stripeKeys: IConstruct;
}

const ack = (scope: IConstruct, id: string, reason: string) =>
  Validations.of(scope).acknowledge({ id, reason });
const ackEach = (scopes: IConstruct[], id: string, reason: string) => {
  for (const scope of scopes) ack(scope, id, reason);
};

export const acknowledgeNagFindings = (s: NagScopes): void => {
  const logicalId = (el: CfnElement) => s.stack.resolve(s.stack.getLogicalId(el)) as string;
  const table = logicalId(s.table);
  // cdk-nag names an unresolved account or region by its pseudo parameter (offline `cdk synth`).
  const known = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<${pseudo}>` : value);
  const region = known(s.stack.region, 'AWS::Region');
  const partition = Token.isUnresolved(s.stack.region) ? '<AWS::Partition>' : 'aws';
  const account = known(s.stack.account, 'AWS::AccountId');
  const scheduleArn = `arn:${partition}:scheduler:${region}:${account}:schedule/<${logicalId(s.scheduleGroup)}>/*`;

  for (const fn of s.functions) {
    // Grants land on the function's own role (a sibling construct), findings on its policy.
    const scopes = fn.role ? [fn, fn.role] : [fn];
    ackEach(
      scopes,
      'AwsSolutions-L1',
      'Node.js 22 is the runtime the bundles are built for (esbuild target node22) and tested with.',
    );
    const { access } = fn;
    if (access.table !== 'none')
      ackEach(
        scopes,
        `AwsSolutions-IAM5[Resource::<${table}.Arn>/index/*]`,
        "Queries run on the table's global secondary indexes (gsi1, gsi2); the pattern names only this table's indexes.",
      );
    for (const bucket of ['artefacts', 'public'] as const) {
      if (!access.buckets[bucket]) continue;
      ackEach(
        scopes,
        `AwsSolutions-IAM5[Resource::<${logicalId(s.buckets[bucket])}.Arn>/*]`,
        `Object keys in the ${bucket} bucket are per organisation and per file, created at run time; access is to objects of this one bucket.`,
      );
    }
    const bucketActions = Object.values(access.buckets);
    const families = [
      ...(bucketActions.length ? ['s3:GetBucket*', 's3:GetObject*', 's3:List*'] : []),
      ...(bucketActions.includes('readWrite') ? ['s3:Abort*', 's3:DeleteObject*'] : []),
    ];
    for (const action of families) {
      ackEach(
        scopes,
        `AwsSolutions-IAM5[Action::${action}]`,
        `CDK's bucket grants (grantRead / grantReadWrite) name object actions as families; they apply to our buckets only.`,
      );
    }
    if (access.health)
      ackEach(
        scopes,
        'AwsSolutions-IAM5[Resource::*]',
        'ses:GetAccount (the health check) has no resource type in IAM; it is the only statement on "*" (infra/test/stack.test.ts).',
      );
    if (access.schedules)
      ackEach(
        scopes,
        `AwsSolutions-IAM5[Resource::${scheduleArn}]`,
        'Schedules of scheduled issuance are created at run time with generated names, inside our schedule group only.',
      );
  }

  ack(
    s.storage,
    'AwsSolutions-S1',
    'No S3 server access logs: every file is reached through our functions (which log each presigned URL they issue) or through CloudFront.',
  );
  ack(
    s.userPool,
    'AwsSolutions-COG1',
    'Passwords follow OWASP ASVS level 2: length only, no composition rules; common passwords are refused in our code.',
  );
  ack(
    s.userPool,
    'AwsSolutions-COG2',
    'Multi-factor sign-in is not part of the product yet; sign-in failures are throttled and locked out in our code.',
  );
  ack(
    s.userPool,
    'AwsSolutions-COG8',
    "Cognito's Plus plan (threat protection) is not used: lockout and progressive delays are done by the API.",
  );
  ack(
    s.api,
    'AwsSolutions-APIG4',
    'Only the public routes of routes.ts (health, sign-up, sign-in, password reset, wallet introduction) have no authorizer; every other route has the JWT authorizer (infra/test/stack.test.ts).',
  );
  ack(
    s.stripeKeys,
    'AwsSolutions-SMG4',
    "The Stripe keys are rotated in Stripe's dashboard, not by Secrets Manager; the operator writes the new ones into the secret (README, Payments in AWS).",
  );
  ack(s.cdn, 'AwsSolutions-CFR1', 'Certificates are verified worldwide; no country is excluded.');
  ack(
    s.cdn,
    'AwsSolutions-CFR2',
    'No WAF web ACL in the default deployment (a per-request cost); sign-in and sign-up are rate-limited in our code.',
  );
  ack(
    s.cdn,
    'AwsSolutions-CFR3',
    'CloudFront access logs need a log bucket with ACLs enabled; not part of the default deployment.',
  );
  ack(
    s.cdn,
    'AwsSolutions-CFR4',
    "The default deployment has no custom domain, so CloudFront's default certificate (which allows older TLS) is used; a custom domain with TLSv1.2_2021 is a deployment choice.",
  );
};
