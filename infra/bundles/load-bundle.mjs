// Loads one Lambda bundle the way the Node runtime does, in a Node process of its own (plain
// `node`, no TypeScript loader), and calls its handler once. Prints one JSON line:
//   { ok: true, answer } or { ok: false, phase: 'assets' | 'import' | 'handler' | 'call', error }.
// Usage: node load-bundle.mjs <bundle dir> <event JSON> [<package beside the bundle> ...]
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, eventJson, ...besides] = process.argv.slice(2);
const report = (result) => {
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
};

// Packages installed beside the bundle (fonts, Chromium) are read at run time, not at import:
// their absence would only show on the first render, so it is checked here.
const missing = besides.filter((name) => !existsSync(join(dir, 'node_modules', name, 'package.json')));
if (missing.length)
  report({ ok: false, phase: 'assets', error: `not installed beside the bundle: ${missing.join(', ')}` });

let mod;
try {
  mod = await import(pathToFileURL(join(dir, 'index.mjs')).href);
} catch (err) {
  report({ ok: false, phase: 'import', error: String(err?.stack ?? err) });
}
if (typeof mod.handler !== 'function') report({ ok: false, phase: 'handler', error: 'no exported handler' });

try {
  const answer = await mod.handler(JSON.parse(eventJson), {
    functionName: 'bundle-test',
    awsRequestId: 'bundle-test',
  });
  report({ ok: true, answer });
} catch (err) {
  report({ ok: false, phase: 'call', error: String(err?.stack ?? err) });
}
