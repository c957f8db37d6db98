import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  budgetProblems,
  firstPaintScripts,
  KB,
  readManifest,
  weighRoute,
  type Manifest,
  type RouteBudget,
} from './spa-budgets';

// A build as Vite's manifest describes it: the entry imports react and the app frame statically
// and every screen lazily; the login screen imports the form library.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js', '_frame-c3.js'],
    dynamicImports: ['src/pages/Login/index.tsx', 'src/pages/Designer/index.tsx'],
    css: ['assets/index-a1.css'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_frame-c3.js': { file: 'assets/frame-c3.js', imports: ['_react-b2.js'] },
  'src/pages/Login/index.tsx': { file: 'assets/login-d4.js', imports: ['_forms-e5.js', '_react-b2.js'] },
  '_forms-e5.js': { file: 'assets/forms-e5.js', imports: ['_frame-c3.js'] },
  'src/pages/Designer/index.tsx': { file: 'assets/designer-f6.js', imports: ['_canvas-g7.js'] },
  '_canvas-g7.js': { file: 'assets/canvas-g7.js' },
};
const login: RouteBudget = {
  route: '/login',
  build: 'spa',
  entries: ['index.html', 'src/pages/Login/index.tsx'],
  budget: 300 * KB,
};
const sizes =
  (over: Record<string, number> = {}) =>
  (file: string) =>
    over[file] ?? 50 * KB;

describe('the first-paint JavaScript of a route', () => {
  it('follows static imports transitively, counts each file once, and leaves other screens out', () => {
    expect(firstPaintScripts(manifest, login.entries)).toEqual([
      'assets/index-a1.js',
      'assets/react-b2.js',
      'assets/frame-c3.js',
      'assets/login-d4.js',
      'assets/forms-e5.js',
    ]);
  });

  it('is within budget until one chunk grows past it, then names the route and its heaviest file', () => {
    const fits = weighRoute(manifest, login, sizes());
    expect(fits.gzip).toBe(250 * KB);
    expect(budgetProblems([fits])).toEqual([]);

    // The form library grows by 60 kB: 310 kB in all.
    const grown = weighRoute(manifest, login, sizes({ 'assets/forms-e5.js': 110 * KB }));
    expect(budgetProblems([grown])).toEqual([
      '/login loads 310.0 kB of gzipped JavaScript, over its budget of 300.0 kB (heaviest: assets/forms-e5.js 110.0 kB, assets/index-a1.js 50.0 kB, assets/react-b2.js 50.0 kB).',
    ]);
  });

  it('does not count a chunk reached only by a later dynamic import', () => {
    const heavyDesigner = weighRoute(manifest, login, sizes({ 'assets/canvas-g7.js': 900 * KB }));
    expect(budgetProblems([heavyDesigner])).toEqual([]);
  });

  it('refuses an entry the manifest does not have (a renamed page would otherwise weigh nothing)', () => {
    expect(() => firstPaintScripts(manifest, ['src/pages/Gone/index.tsx'])).toThrow(/no chunk/);
  });

  it("finds a page merged into a shared chunk through the build's chunk-sources.json", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-budgets-'));
    fs.mkdirSync(path.join(dist, '.vite'));
    const merged: Manifest = {
      'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_react-b2.js'] },
      '_react-b2.js': { file: 'assets/react-b2.js' },
      // The login page's chunk was merged with the password pages': no key of its own.
      '_auth-c3.js': { file: 'assets/auth-c3.js', imports: ['_react-b2.js'] },
    };
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(merged));
    expect(() => firstPaintScripts(readManifest(dist), ['index.html', 'src/pages/Login/index.tsx'])).toThrow(
      /no chunk/,
    );
    fs.writeFileSync(
      path.join(dist, '.vite', 'chunk-sources.json'),
      JSON.stringify({
        'src/pages/Login/index.tsx': 'assets/auth-c3.js',
        'src/main.tsx': 'assets/index-a1.js',
      }),
    );
    expect(firstPaintScripts(readManifest(dist), ['index.html', 'src/pages/Login/index.tsx'])).toEqual([
      'assets/index-a1.js',
      'assets/react-b2.js',
      'assets/auth-c3.js',
    ]);
    fs.rmSync(dist, { recursive: true, force: true });
  });
});
