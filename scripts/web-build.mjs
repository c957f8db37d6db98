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

/** Builds the SPA when web/dist is missing or older than its sources (web/ and shared/). */
export const ensureWebBuilt = (root) => {
  const web = path.join(root, 'web');
  const built = path.join(web, 'dist', 'index.html');
  if (!fs.existsSync(path.join(web, 'index.html'))) {
    console.warn('web/index.html is missing: the web app is not built.');
    return;
  }
  const sources = [path.join(web, 'src'), path.join(root, 'shared', 'src')].filter((d) => fs.existsSync(d));
  const inputs = [path.join(web, 'index.html'), path.join(web, 'vite.config.ts')].filter((f) =>
    fs.existsSync(f),
  );
  const newestSource = Math.max(0, ...sources.map(newestMtime), ...inputs.map((f) => fs.statSync(f).mtimeMs));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newestSource) return;
  console.log('Building the web app (web/dist)…');
  const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('The web app did not build; see the output above.');
};
