import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a route of the web app costs on its first paint, read off Vite's build manifest
 * (`<dist>/.vite/manifest.json`): the JavaScript of its entries and of every module they import
 * statically, transitively, gzipped. A route's page is loaded lazily but at once, so it counts as an
 * entry; chunks only reached by a later dynamic import (another screen) do not.
 * The budget test (test/integration/spa-budgets.test.ts) fails past a budget; `npm run bench spa`
 * prints the same figures.
 */

/** One record of Vite's manifest (the fields read here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  route: string;
  /** Which build: the SPA (web/dist) or the public verifier (web/dist-verifier). */
  build: 'spa' | 'verifier';
  /** Manifest keys loaded at once: the HTML entry and the route's lazily loaded page. */
  entries: string[];
  /** Gzipped JavaScript, bytes. */
  budget: number;
}

export const KB = 1000;

export const routeBudgets: RouteBudget[] = [
  { route: '/', build: 'spa', entries: ['index.html', 'src/pages/Home/index.tsx'], budget: 300 * KB },
  { route: '/login', build: 'spa', entries: ['index.html', 'src/pages/Login/index.tsx'], budget: 300 * KB },
  { route: '/verify', build: 'verifier', entries: ['index.html'], budget: 150 * KB },
];

export const buildDirs = (root: string) => ({
  spa: join(root, 'web', 'dist'),
  verifier: join(root, 'web', 'dist-verifier'),
});

/** The JavaScript files a route loads before it can paint, each once, entries first. */
export function firstPaintScripts(manifest: Manifest, entries: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk "${key}".`);
    if (/\.m?js$/.test(chunk.file)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return files;
}

export interface RouteWeight {
  route: string;
  budget: number;
  /** Gzipped bytes of all first-paint JavaScript. */
  gzip: number;
  files: { file: string; gzip: number }[];
}

/** A route's first-paint JavaScript, weighed by `gzipBytes` (a file of the build → its gzipped size). */
export function weighRoute(
  manifest: Manifest,
  budget: RouteBudget,
  gzipBytes: (file: string) => number,
): RouteWeight {
  const files = firstPaintScripts(manifest, budget.entries).map((file) => ({ file, gzip: gzipBytes(file) }));
  return { route: budget.route, budget: budget.budget, gzip: files.reduce((n, f) => n + f.gzip, 0), files };
}

/** One sentence per route over its budget, naming its heaviest files. */
export function budgetProblems(weights: RouteWeight[]): string[] {
  return weights
    .filter((w) => w.gzip > w.budget)
    .map((w) => {
      const heaviest = [...w.files]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 3)
        .map((f) => `${f.file} ${kb(f.gzip)}`)
        .join(', ');
      return `${w.route} loads ${kb(w.gzip)} of gzipped JavaScript, over its budget of ${kb(w.budget)} (heaviest: ${heaviest}).`;
    });
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/**
 * Vite's manifest of the build in `dist`, with a key for each of the app's modules whose chunk was
 * merged into another (web/build/chunk-sources.ts): `src/pages/Login/index.tsx` names the chunk
 * that holds the login page, whichever it is.
 */
export const readManifest = (dist: string): Manifest => {
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file))
    throw new Error(`No build manifest at ${file}: build the web app first (npm run build:web).`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const sourcesFile = join(dist, '.vite', 'chunk-sources.json');
  if (!existsSync(sourcesFile)) return manifest;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const sources = JSON.parse(readFileSync(sourcesFile, 'utf8')) as Record<string, string>;
  for (const [source, chunkFile] of Object.entries(sources)) {
    const chunk = byFile.get(chunkFile);
    if (!(source in manifest) && chunk) manifest[source] = chunk;
  }
  return manifest;
};

/** Every budgeted route of the builds under `root`, gzipped as the server sends them (level 9). */
export function weighBuilds(root: string, budgets: RouteBudget[] = routeBudgets): RouteWeight[] {
  const dirs = buildDirs(root);
  return budgets.map((b) => {
    const dist = dirs[b.build];
    return weighRoute(
      readManifest(dist),
      b,
      (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
    );
  });
}
