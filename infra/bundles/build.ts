import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { BUNDLE_FILE, esbuildOptions, lambdaBundles, type LambdaBundle } from '../bundling';

export interface BuiltBundle extends LambdaBundle {
  /** The directory Lambda would receive: index.mjs, its source map and node_modules/. */
  dir: string;
  /** Size of index.mjs in bytes (minified). */
  bytes: number;
  metafile: Metafile;
}

/** The package's directory as Node resolves it from `fromDir` (its package.json may not be exported). */
const packageDir = (name: string, fromDir: string): string => {
  const require = createRequire(join(fromDir, 'noop.js'));
  for (const base of require.resolve.paths(name) ?? []) {
    if (existsSync(join(base, name, 'package.json'))) return join(base, name);
  }
  throw new Error(`${name} is not installed (looked from ${fromDir})`);
};

/**
 * Installs `names` and everything they depend on into `target/node_modules`, copied from this
 * repository's node_modules at the lockfile's versions — what CDK's `npm ci` beside the bundle
 * produces, without a registry.
 */
export const installBeside = (names: string[], fromDir: string, target: string): void => {
  const done = new Set<string>();
  const visit = (name: string, from: string) => {
    if (done.has(name)) return;
    done.add(name);
    const dir = packageDir(name, from);
    cpSync(dir, join(target, 'node_modules', name), { recursive: true, dereference: true });
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir);
  };
  for (const name of names) visit(name, fromDir);
};

/** Builds one function as the stack does, into `outRoot/<name>`. */
export const buildBundle = async (
  repoRoot: string,
  bundle: LambdaBundle,
  outRoot: string,
): Promise<BuiltBundle> => {
  const dir = join(outRoot, bundle.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const result = await build(esbuildOptions(repoRoot, bundle, dir));
  if (bundle.nodeModules.length) installBeside(bundle.nodeModules, join(repoRoot, 'functions'), dir);
  return { ...bundle, dir, bytes: statSync(join(dir, BUNDLE_FILE)).size, metafile: result.metafile! };
};

/** Every function of the stack, built in parallel (esbuild runs its own threads). */
export const buildAllBundles = (repoRoot: string, outRoot: string): Promise<BuiltBundle[]> =>
  Promise.all(lambdaBundles().map((b) => buildBundle(repoRoot, b, outRoot)));

/**
 * The npm packages whose code is in a bundle's output (esbuild's metafile, after tree shaking), e.g.
 * `ethers`, `@scure/btc-signer`. A package that was parsed but contributes no bytes is not counted.
 */
export const packagesIn = (metafile: Metafile): Set<string> => {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (bytesInOutput === 0) continue;
      // The innermost node_modules names the package that owns the file.
      const tail = input.split('node_modules/').slice(1).pop();
      const match = tail && /^((?:@[^/]+\/)?[^/]+)\//.exec(tail);
      if (match) names.add(match[1]!);
    }
  }
  return names;
};

/** Imports the bundle leaves to Node at run time (externals), builtins excluded. */
export const externalImportsOf = (metafile: Metafile): Set<string> => {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imp of output.imports) {
      if (!imp.external || imp.path.startsWith('node:')) continue;
      names.add(imp.path);
    }
  }
  return names;
};

/**
 * The commands of an AWS SDK package a bundle carries, e.g. `AdminCreateUser` for
 * `@aws-sdk/client-cognito-identity-provider`: each command is its own module, so what esbuild kept
 * is what the function can call.
 */
export const awsCommandsIn = (metafile: Metafile, sdkPackage: string): Set<string> => {
  const names = new Set<string>();
  const pattern = new RegExp(`${sdkPackage}/dist-[a-z]+/commands/(\\w+)Command\\.js$`);
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = bytesInOutput > 0 && pattern.exec(input);
      if (match) names.add(match[1]!);
    }
  }
  return names;
};
