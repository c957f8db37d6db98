import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { jobNames, type JobName } from '../functions/src/jobs';
import { COMMON_PASSWORDS_PACKAGE } from '../shared/src/accounts/common-passwords';
import { FONT_PACKAGES } from '../functions/src/render/fonts';
import { routeGroups, type RouteGroup } from '../functions/src/routes';

/*
 * How every Lambda bundle is built, in one place: the CDK stack (constructs/backend-function.ts)
 * and the bundle test and bench (infra/bundles/) both read it, so what is tested is what deploys.
 */

/** Jobs that render with Chromium (functions/src/render): they get @sparticuz/chromium beside the bundle. */
export const chromiumJobs: readonly JobName[] = ['generate', 'download'];
export const CHROMIUM_PACKAGE = '@sparticuz/chromium';
/** What a rendering function installs beside its bundle: the browser and the fonts read at run time. */
export const renderModules = [CHROMIUM_PACKAGE, ...FONT_PACKAGES];
/**
 * Route groups that render with Chromium on a request (the designer's preview and gallery
 * thumbnails): they run on x86_64 like the rendering jobs, with the browser and fonts beside them.
 */
export const chromiumRouteGroups: readonly RouteGroup[] = ['designs'];

/**
 * Modules replaced in every bundle (paths from the repository root, where CDK runs esbuild):
 * - jsonld's network document loader needs an HTTP client that carries undici (~425 kB); we
 *   canonicalize with the offline loader only, so the bundle gets a stand-in that refuses to fetch;
 * - the SDK's default credential chain carries the SSO and STS clients (~105 kB) for links that can
 *   never answer in Lambda, so the bundle gets the environment link alone (the role's credentials).
 */
export const bundleAliases: Readonly<Record<string, string>> = {
  '@digitalbazaar/http-client': './functions/src/bundled/http-client-refused.ts',
  '@aws-sdk/credential-provider-node': './functions/src/bundled/lambda-credentials.ts',
};

/** The esbuild settings of every function, independent of who runs esbuild. */
export const lambdaEsbuild = {
  format: 'esm',
  target: 'node22',
  platform: 'node',
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  // CommonJS dependencies inside an ESM bundle still call require().
  banner:
    "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
} as const;

/** The bundle file name Lambda loads for an ESM bundle (CDK names it so as well). */
export const BUNDLE_FILE = 'index.mjs';

export interface LambdaBundle {
  /** `http/<group>` or `jobs/<job>`. */
  name: string;
  kind: 'http' | 'job';
  /** Path from the repository root; the module exports `handler`. */
  entry: string;
  /**
   * Packages installed beside the bundle instead of bundled: they read files beside their own code
   * at run time (Chromium's packed browser, the fonts' woff2 files), so esbuild cannot inline them.
   */
  nodeModules: string[];
}

/**
 * What an HTTP group installs beside its bundle: the workspace's preview is the certificate's HTML,
 * with the fonts read at run time; the calls that set a password load the common-password list (380 kB
 * of data) on first use, so sign-in and the rest of /api/auth never read it.
 */
const besideHttpBundle: Partial<Record<RouteGroup, readonly string[]>> = {
  'workspace-preview': FONT_PACKAGES,
  auth: [COMMON_PASSWORDS_PACKAGE],
  // puppeteer-core beside rather than inside: bundled, it alone (with the proxy agent's QuickJS)
  // would take the group past the 1 MB budget.
  designs: ['puppeteer-core', ...renderModules],
};

export const httpBundle = (group: RouteGroup): LambdaBundle => ({
  name: `http/${group}`,
  kind: 'http',
  entry: `functions/src/http/${group}.ts`,
  nodeModules: [...(besideHttpBundle[group] ?? [])],
});

export const jobBundle = (job: JobName): LambdaBundle => ({
  name: `jobs/${job}`,
  kind: 'job',
  entry: `functions/src/jobs/${job}.ts`,
  nodeModules: chromiumJobs.includes(job) ? [...renderModules] : [],
});

/** Every function of the stack: one per route group and one per job. */
export const lambdaBundles = (): LambdaBundle[] => [
  ...routeGroups.map(httpBundle),
  ...jobNames.map(jobBundle),
];

/** CDK's NodejsFunction bundling for a function (CDK runs esbuild, then installs nodeModules). */
export const cdkBundling = (bundle: LambdaBundle): BundlingOptions => ({
  format: OutputFormat.ESM,
  target: lambdaEsbuild.target,
  mainFields: [...lambdaEsbuild.mainFields],
  minify: lambdaEsbuild.minify,
  sourceMap: lambdaEsbuild.sourcemap,
  sourcesContent: lambdaEsbuild.sourcesContent,
  // The runtime's SDK lags the lockfile; bundling ours keeps behaviour identical to the local cloud.
  bundleAwsSDK: true,
  ...(bundle.nodeModules.length ? { nodeModules: bundle.nodeModules } : {}),
  banner: lambdaEsbuild.banner,
  esbuildArgs: { '--alias': Object.entries(bundleAliases).map(([from, to]) => `${from}=${to}`) },
});

/** The same build through esbuild's API, as CDK's command line runs it (externals = nodeModules). */
export const esbuildOptions = (repoRoot: string, bundle: LambdaBundle, outdir: string): BuildOptions => ({
  ...lambdaEsbuild,
  mainFields: [...lambdaEsbuild.mainFields],
  banner: { js: lambdaEsbuild.banner },
  alias: { ...bundleAliases },
  bundle: true,
  entryPoints: [join(repoRoot, bundle.entry)],
  outfile: join(outdir, BUNDLE_FILE),
  external: [...bundle.nodeModules],
  absWorkingDir: repoRoot,
  metafile: true,
  logLevel: 'silent',
});
