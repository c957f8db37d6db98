// `npm run screens`: refreshes the README's pictures of the main screens (docs/screens/) from the
// browser tests that take them. Each test saves its picture as /tmp/<name>.png on every run; this
// runs those test files (with their own local cloud, as `npm test` does) and copies the pictures
// they made in this run. A picture the run did not make fails the command: a stale one is never kept.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The README's pictures: name (the test's /tmp/<name>.png), what it shows, and the test taking it. */
export const readmeScreens = [
  { name: 'landing', title: 'Landing page', test: 'test/e2e/landing.test.ts' },
  { name: 'login', title: 'Sign in', test: 'test/e2e/accounts.test.ts' },
  { name: 'dashboard', title: 'Dashboard', test: 'test/e2e/dashboard.test.ts' },
  { name: 'manage-students', title: 'Recipients', test: 'test/e2e/manage-students.test.ts' },
  { name: 'manage-certificate', title: 'Issuance workspace', test: 'test/e2e/manage-certificate.test.ts' },
  { name: 'designer', title: 'Certificate designer', test: 'test/e2e/designer.test.ts' },
  { name: 'mail-template-editor', title: 'Mail templates', test: 'test/e2e/mail-templates.test.ts' },
  { name: 'settings-tab-top', title: 'My Profile → Setting', test: 'test/e2e/settings.test.ts' },
  { name: 'team', title: 'Team', test: 'test/e2e/accounts.test.ts' },
  { name: 'billing', title: 'My Profile → Billing', test: 'test/e2e/top-up-loop.test.ts' },
  { name: 'live-demo', title: 'Live demo', test: 'test/e2e/live-demo.test.ts' },
] as const;

export const screensDir = 'docs/screens';

const main = () => {
  const root = path.resolve(import.meta.dirname, '..');
  const started = Date.now();
  const files = [...new Set(readmeScreens.map((s) => s.test))];
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'cloud', ...files], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0)
    throw new Error('The browser tests that take the pictures failed; nothing was copied.');
  const stale = readmeScreens.filter((s) => {
    const made = `/tmp/${s.name}.png`;
    return !fs.existsSync(made) || fs.statSync(made).mtimeMs < started;
  });
  if (stale.length) throw new Error(`Not made in this run: ${stale.map((s) => s.name).join(', ')}`);
  fs.mkdirSync(path.join(root, screensDir), { recursive: true });
  for (const s of readmeScreens)
    fs.copyFileSync(`/tmp/${s.name}.png`, path.join(root, screensDir, `${s.name}.png`));
  console.log(`${readmeScreens.length} pictures copied to ${screensDir}/`);
};

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
