import { builtinModules } from 'node:module';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_PACKAGE } from '../../shared/src/accounts/common-passwords';
import { accountMessages } from '../../shared/src/accounts/messages';
import { CHROMIUM_PACKAGE, lambdaBundles } from '../../infra/bundling';
import {
  awsCommandsIn,
  buildAllBundles,
  externalImportsOf,
  packagesIn,
  type BuiltBundle,
} from '../../infra/bundles/build';
import { budgetProblems, CHAIN_FREE, chainLibrariesIn, HTTP_BUDGET_BYTES } from '../../infra/bundles/budget';
import { httpEvent, smokeCallFor } from '../../infra/bundles/events';
import { loadBundle } from '../../infra/bundles/load';
import { repoRoot } from '../../infra/constructs/backend-function';
import { httpAccess, jobAccess, userAdminActions, type FunctionAccess } from '../../infra/permissions';
import { registration } from './accounts';
import { cloud } from './helpers';

/*
 * Every Lambda bundle, built with the stack's own esbuild options (infra/bundling.ts) and the
 * packages CDK installs beside it, then imported in a fresh `node` and called once. In AWS a bundle
 * that throws at import fails every cold start; nothing else in the suite would notice.
 */

const outRoot = mkdtempSync(join(tmpdir(), 'proofmark-bundles-'));
let built: Map<string, BuiltBundle>;

beforeAll(async () => {
  built = new Map((await buildAllBundles(repoRoot, outRoot)).map((b) => [b.name, b]));
}, 300_000);
afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

const bundle = (name: string): BuiltBundle => {
  const b = built.get(name);
  expect(b, name).toBeDefined();
  return b!;
};
const isBuiltin = (path: string) => path.startsWith('node:') || builtinModules.includes(path.split('/')[0]!);

describe('Lambda bundles', () => {
  it('builds one bundle per route group and per job, as the stack declares them', () => {
    expect([...built.keys()].sort()).toEqual(
      lambdaBundles()
        .map((b) => b.name)
        .sort(),
    );
  });

  it.each(lambdaBundles().map((b) => b.name))(
    '%s loads in a clean Node process and answers its smoke call',
    async (name) => {
      const b = bundle(name);
      const call = smokeCallFor(b);
      // Only the health check and public reads talk to the dependencies; the local cloud stands in for AWS.
      const env = call.needsCloud ? cloud().functionEnv : {};
      const result = await loadBundle(b.dir, call.event, b.nodeModules, env);
      expect(result, `${name} should give ${call.expect}`).toMatchObject({ ok: true });
      if (result.ok)
        expect(call.check(result.answer), `${name}: ${JSON.stringify(result.answer)}`).toBe(true);
    },
    90_000,
  );

  it('the auth bundle reads the common-password list from beside it, only when a password is set', async () => {
    const auth = bundle('http/auth');
    expect(auth.nodeModules).toContain(COMMON_PASSWORDS_PACKAGE);
    expect(packagesIn(auth.metafile).has(COMMON_PASSWORDS_PACKAGE)).toBe(false);
    const event = httpEvent('POST /api/auth/register', JSON.stringify(registration({ password: 'Qwertyuiop' })));
    const result = await loadBundle(auth.dir, event, auth.nodeModules, cloud().functionEnv);
    expect(result).toMatchObject({ ok: true, answer: { statusCode: 400 } });
    if (result.ok) expect(JSON.stringify(result.answer)).toContain(accountMessages.passwordTooCommon);
  }, 90_000);

  it('leaves to Node only builtins and the packages installed beside the bundle', () => {
    for (const b of built.values()) {
      const external = [...externalImportsOf(b.metafile)].filter((p) => !isBuiltin(p));
      for (const path of external) {
        expect(
          b.nodeModules.some((m) => path === m || path.startsWith(`${m}/`)),
          `${b.name} imports ${path}`,
        ).toBe(true);
      }
      for (const name of b.nodeModules)
        expect(existsSync(join(b.dir, 'node_modules', name, 'package.json')), `${b.name}: ${name}`).toBe(
          true,
        );
    }
  });

  it("installs Chromium's packed browser beside the rendering jobs", () => {
    for (const b of built.values()) {
      if (!b.nodeModules.includes(CHROMIUM_PACKAGE)) continue;
      const bin = join(b.dir, 'node_modules', CHROMIUM_PACKAGE, 'bin');
      expect(
        readdirSync(bin).some((f) => f.startsWith('chromium')),
        `${b.name}: ${bin}`,
      ).toBe(true);
    }
    expect(
      [...built.values()].filter((b) => b.nodeModules.includes(CHROMIUM_PACKAGE)).length,
    ).toBeGreaterThan(0);
  });

  it('grants a function a service (infra/permissions.ts) exactly when its bundle carries that client', () => {
    const accessOf = (b: BuiltBundle): FunctionAccess =>
      b.kind === 'http'
        ? httpAccess[b.name.slice('http/'.length) as keyof typeof httpAccess]
        : jobAccess[b.name.slice('jobs/'.length) as keyof typeof jobAccess];
    for (const b of built.values()) {
      const a = accessOf(b);
      const packages = packagesIn(b.metafile);
      const carries = (client: string) => packages.has(`@aws-sdk/client-${client}`);
      expect(carries('kms'), `${b.name} kms`).toBe(a.secrets);
      expect(carries('sesv2'), `${b.name} ses`).toBe(a.mail || a.health);
      // Signing in (InitiateAuth) needs no IAM action; the admin calls do.
      const cognito = [...awsCommandsIn(b.metafile, '@aws-sdk/client-cognito-identity-provider')];
      expect(
        cognito.some((c) => userAdminActions.includes(`cognito-idp:${c}`)),
        `${b.name} cognito admin calls: ${cognito.join(', ')}`,
      ).toBe(a.users);
      expect(cognito.includes('DescribeUserPool'), `${b.name} DescribeUserPool`).toBe(a.health);
      expect(carries('scheduler'), `${b.name} scheduler`).toBe(a.schedules);
      expect(carries('sqs'), `${b.name} sqs`).toBe(a.queues.length > 0 || a.health);
      expect(carries('s3'), `${b.name} s3`).toBe(Object.keys(a.buckets).length > 0 || a.health);
      expect(carries('secrets-manager'), `${b.name} secrets-manager`).toBe(a.stripe);
    }
  });

  it("gives jsonld the refusing HTTP client instead of its network loader's (no undici anywhere)", () => {
    const withJsonld = [...built.values()].filter((b) => packagesIn(b.metafile).has('jsonld'));
    // Some bundles canonicalize, or the check below would pass for the wrong reason.
    expect(withJsonld.length).toBeGreaterThan(0);
    for (const b of withJsonld) {
      const inputs = Object.values(b.metafile.outputs).flatMap((o) => Object.keys(o.inputs));
      expect(inputs, b.name).toContain('functions/src/bundled/http-client-refused.ts');
    }
    for (const b of built.values()) expect(packagesIn(b.metafile).has('undici'), b.name).toBe(false);
  });

  it("gives every function the environment's credentials alone, not the SDK's whole default chain", () => {
    for (const b of built.values()) {
      const inputs = Object.values(b.metafile.outputs).flatMap((o) => Object.keys(o.inputs));
      expect(inputs, b.name).toContain('functions/src/bundled/lambda-credentials.ts');
      // The chain's SSO and STS links bring the SDK's nested clients; nothing else needs them.
      for (const pkg of ['@aws-sdk/credential-provider-node', '@aws-sdk/nested-clients'])
        expect(packagesIn(b.metafile).has(pkg), `${b.name} ${pkg}`).toBe(false);
    }
  });

  it('keeps every HTTP group under the budget (npm run bench bundles prints the figures)', () => {
    const http = [...built.values()].filter((b) => b.kind === 'http');
    expect(http.length).toBeGreaterThan(0);
    expect(http.flatMap(budgetProblems)).toEqual([]);
  });

  it.each(CHAIN_FREE)('%s carries no chain library', (name) => {
    const packages = packagesIn(bundle(name).metafile);
    // The metafile must name packages at all, or an empty set would pass for the wrong reason.
    expect(packages.has('@aws-sdk/client-dynamodb') || packages.has('@aws-sdk/lib-dynamodb')).toBe(true);
    expect(chainLibrariesIn(bundle(name))).toEqual([]);
  });
});

describe('the bundle check fails when a bundle is broken', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'proofmark-broken-bundle-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('reports a package missing beside the bundle (a font deleted from the workspace preview bundle)', async () => {
    const b = bundle('http/workspace-preview');
    const font = b.nodeModules.find((m) => m.startsWith('@fontsource/'))!;
    const dir = join(scratch, 'workspace-preview');
    cpSync(b.dir, dir, { recursive: true });
    rmSync(join(dir, 'node_modules', font), { recursive: true, force: true });
    const result = await loadBundle(dir, smokeCallFor(b).event, b.nodeModules);
    expect(result).toMatchObject({ ok: false, phase: 'assets' });
    if (!result.ok) expect(result.error).toContain(font);
  }, 60_000);

  it('reports a bundle over the budget, and a chain library in the health or public bundle', () => {
    const health = bundle('http/health');
    expect(budgetProblems({ ...health, bytes: HTTP_BUDGET_BYTES - 1 })).toEqual([]);
    expect(budgetProblems({ ...health, bytes: HTTP_BUDGET_BYTES })).toEqual([
      `http/health is 1.000 MB, over the 1 MB budget`,
    ]);
    // The anchor job's code (ethers, the Bitcoin signer) as if it were the health check's.
    expect(
      budgetProblems({ ...health, bytes: HTTP_BUDGET_BYTES - 1, metafile: bundle('jobs/anchor').metafile }),
    ).toEqual([expect.stringMatching(/^http\/health carries .*ethers/)]);
  });

  it('reports a bundle that reads a missing file at import (what tiny-secp256k1 did with its .wasm)', async () => {
    const dir = join(scratch, 'wasm');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'index.mjs'),
      "import { readFileSync } from 'node:fs';\n" +
        "const wasm = readFileSync(new URL('./secp256k1.wasm', import.meta.url));\n" +
        'export const handler = async () => wasm.length;\n',
    );
    const result = await loadBundle(dir, {}, []);
    expect(result).toMatchObject({ ok: false, phase: 'import' });
    if (!result.ok) expect(result.error).toMatch(/ENOENT.*secp256k1\.wasm/);
  }, 60_000);
});
