import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';

/*
 * The local cloud's functions, bundled once by esbuild instead of loaded from their TypeScript by
 * tsx in every worker: a worker's cold start went through tsx's loader hooks for each of the
 * handler's modules (the AWS SDK alone is hundreds), 1.4–1.9 s of CPU per worker against
 * 0.5–0.7 s for the same handler bundled, and the cloud starts a worker per route group on first
 * call and one per job's polling loop as it starts. The bundles are the handlers as they are, with
 * the same packages beside them as in AWS (infra/bundling.ts: the ones that read files beside their
 * own code), names kept, with source maps beside them: `NODE_OPTIONS=--enable-source-maps` makes
 * stacks name the TypeScript (not on by default: reading the maps took a fifth more of a cold start).
 */

/** Where the bundles are kept between starts: an ignored folder of the repository. */
const cacheDir = (repoRoot: string) =>
  path.join(repoRoot, 'node_modules', '.cache', 'proofmark-local-functions');

/** What a build was made from: every input's size and modification time, as esbuild listed them. */
interface BuildRecord {
  inputs: Record<string, [size: number, mtimeMs: number]>;
}

const RECORD = 'inputs.json';

const statOf = (file: string): [number, number] | undefined => {
  try {
    const st = fs.statSync(file);
    return [st.size, st.mtimeMs];
  } catch {
    return undefined;
  }
};

/** Whether the bundles in `dir` were built from the files as they are now. */
export const isCurrent = (repoRoot: string, dir: string) => {
  let record: BuildRecord;
  try {
    record = JSON.parse(fs.readFileSync(path.join(dir, RECORD), 'utf8')) as BuildRecord;
  } catch {
    return false;
  }
  return Object.entries(record.inputs).every(([file, [size, mtime]]) => {
    const now = statOf(path.join(repoRoot, file));
    return now !== undefined && now[0] === size && now[1] === mtime;
  });
};

/**
 * Bundles every route group, every job and the worker entry (function-worker.ts) into one folder,
 * or finds the folder of an earlier start still current, and returns it. Each build goes to a new
 * folder, moved into place whole, so a cloud still running on older bundles keeps them.
 */
export async function functionBundles(repoRoot: string, root = cacheDir(repoRoot)): Promise<string> {
  fs.mkdirSync(root, { recursive: true });
  const current = path.join(root, 'current');
  const pointed = fs.existsSync(current) ? fs.readFileSync(current, 'utf8').trim() : '';
  if (pointed && isCurrent(repoRoot, path.join(root, pointed))) return path.join(root, pointed);

  // Loaded only to build: the stack's bundling settings bring the CDK's library (0.8 s to load).
  const [{ build }, { lambdaBundles, lambdaEsbuild }] = await Promise.all([
    import('esbuild'),
    import('../bundling'),
  ]);
  const bundles = lambdaBundles();
  const besides = [...new Set(bundles.flatMap((b) => b.nodeModules))];
  const staging = path.join(root, `build-${process.pid}-${Date.now()}`);
  try {
    const result = await build({
      absWorkingDir: repoRoot,
      entryPoints: {
        'function-worker': path.join(repoRoot, 'infra/local/function-worker.ts'),
        ...Object.fromEntries(bundles.map((b) => [b.name, path.join(repoRoot, b.entry)])),
      },
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      mainFields: [...lambdaEsbuild.mainFields],
      // Smaller to parse at each cold start; identifiers kept, so stacks still name the functions.
      minifyWhitespace: true,
      minifySyntax: true,
      sourcemap: true,
      sourcesContent: false,
      external: besides,
      // CommonJS dependencies inside an ESM bundle still call require(), as in the Lambda bundles.
      banner: { js: lambdaEsbuild.banner },
      metafile: true,
      logLevel: 'silent',
    });
    const inputs: BuildRecord['inputs'] = {};
    // What the handlers are made of, and how: this builder and the stack's bundling settings.
    const made = ['infra/local/function-bundles.ts', 'infra/bundling.ts', 'package-lock.json'];
    for (const file of [...Object.keys((result.metafile as Metafile).inputs), ...made]) {
      const st = statOf(path.join(repoRoot, file));
      if (st) inputs[file] = st;
    }
    fs.writeFileSync(path.join(staging, RECORD), JSON.stringify({ inputs } satisfies BuildRecord));
    const name = createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16);
    const final = path.join(root, name);
    try {
      fs.renameSync(staging, final);
    } catch (err) {
      // Another cloud starting at the same time put the same build there first.
      if (!fs.existsSync(path.join(final, RECORD))) throw err;
    }
    fs.writeFileSync(current, name);
    pruneOlderThanAWeek(root, name);
    return final;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Folders of earlier builds, once a week old: a cloud started on one has long been restarted. */
const pruneOlderThanAWeek = (root: string, keep: string) => {
  const weekAgo = Date.now() - 7 * 86_400_000;
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const dir = path.join(root, entry.name);
    if (entry.isDirectory() && entry.name !== keep && fs.statSync(dir).mtimeMs < weekAgo)
      fs.rmSync(dir, { recursive: true, force: true });
  }
};
