#!/usr/bin/env node
// `npm start`: builds the SPA when needed, then runs the local cloud (infra/local/main.ts).
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureWebBuilt } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  console.error('Dependencies are not installed: run `npm ci` first (or `npm ci && npm start`).');
  process.exit(1);
}
ensureWebBuilt(root);

// s3rver needs the legacy OpenSSL provider; the lockfile pins AWS SDK versions that support Node 20.
const child = spawn(
  process.execPath,
  ['--openssl-legacy-provider', '--import', 'tsx', 'infra/local/main.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
