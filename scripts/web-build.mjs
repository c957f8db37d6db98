import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const newestMtime = (dir) => {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
};

/**
 * Builds the SPA (web/dist) and the public verifier app (web/dist-verifier) when either is missing
 * or older than the sources they are built from (web/ and shared/).
 */
export const ensureWebBuilt = (root) => {
  const web = path.join(root, 'web');
  if (!fs.existsSync(path.join(web, 'index.html'))) {
    console.warn('web/index.html is missing: the web app is not built.');
    return;
  }
  const sources = ['src', 'verifier', 'build']
    .map((d) => path.join(web, d))
    .concat(path.join(root, 'shared', 'src'))
    .filter((d) => fs.existsSync(d));
  const inputs = ['index.html', 'vite.config.ts', 'vite.verifier.config.ts']
    .map((f) => path.join(web, f))
    .filter((f) => fs.existsSync(f));
  const newestSource = Math.max(0, ...sources.map(newestMtime), ...inputs.map((f) => fs.statSync(f).mtimeMs));
  const builds = [
    { out: path.join(web, 'dist', 'index.html'), args: [] },
    { out: path.join(web, 'dist-verifier', 'index.html'), args: ['-c', 'vite.verifier.config.ts'] },
  ];
  for (const build of builds) {
    if (fs.existsSync(build.out) && fs.statSync(build.out).mtimeMs >= newestSource) continue;
    console.log(`Building the web app (${path.relative(root, path.dirname(build.out))})…`);
    const res = spawnSync('npx', ['vite', 'build', ...build.args, '--logLevel', 'warn'], {
      cwd: web,
      stdio: 'inherit',
      // The production build whatever the caller's NODE_ENV (vitest sets "test", which would give
      // React's development build: another app than the one deployed, and twice as heavy).
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (res.status !== 0) throw new Error('The web app did not build; see the output above.');
  }
};
