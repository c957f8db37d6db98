#!/usr/bin/env node
// The preflight of `npm start` and `npm test`: checks the system dependencies (Node, Java 17 for
// DynamoDB Local, Debian's Chromium headless shell) before anything else runs, so a missing one is a
// sentence rather than a failure deep inside the start. On Debian or Ubuntu as root it installs
// what is missing with apt; otherwise it stops and says the command. This file is the only place
// that lists the packages (the README and .ci/run rely on it).
//
// `decide` is pure (facts in, action out) and is what the unit tests exercise; `probe` gathers the
// facts with a few stat calls and no child process, so a run with everything present stays fast.
// Written for plain Node with no dependency: it runs before `npm ci` has been checked.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const MIN_NODE = [20, 19];
export const MIN_JAVA = 17;
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** What each command needs. `chromium` entries are met by CHROMIUM_PATH instead when it is set. */
const NEEDS = {
  java: { what: `Java ${MIN_JAVA} (runs DynamoDB Local)`, pkg: 'openjdk-17-jre-headless' },
  headlessShell: {
    what: 'chromium-headless-shell (renders certificates)',
    pkg: 'chromium-headless-shell',
    path: HEADLESS_SHELL,
    chromium: true,
  },
};
export const COMMAND_NEEDS = {
  start: ['java', 'headlessShell'],
  test: ['java', 'headlessShell'],
};

const versionAtLeast = (version, min) => {
  const parts = String(version)
    .replace(/^v/, '')
    .split(/[.+_-]/)
    .map(Number);
  for (let i = 0; i < min.length; i++) {
    const have = parts[i] ?? 0;
    if (have !== min[i]) return have > min[i];
  }
  return true;
};

const isDebianLike = (os) =>
  Boolean(os) && [os.id, ...(os.idLike ?? [])].some((id) => id === 'debian' || id === 'ubuntu');

export const aptInstallArgs = (packages) => ['install', '-y', '--no-install-recommends', ...packages];

/**
 * facts: { command: 'start' | 'test', node: '20.20.2', root: boolean, os: { id, idLike[] } | null,
 *   java: '17.0.15' | 'unknown' (found, version unreadable) | null (not on PATH),
 *   chromiumPath: CHROMIUM_PATH or undefined, executable: { [path]: boolean } }
 * → { action: 'run' } | { action: 'install', packages } | { action: 'stop', message }
 */
export function decide(facts) {
  const needs = COMMAND_NEEDS[facts.command];
  if (!needs)
    return { action: 'stop', message: `Unknown preflight command "${facts.command}" (start or test).` };
  const missing = [];
  let badChromiumPath = false;
  for (const key of needs) {
    const need = NEEDS[key];
    if (key === 'java') {
      if (facts.java === null || (facts.java !== 'unknown' && !versionAtLeast(facts.java, [MIN_JAVA])))
        missing.push(need);
    } else if (need.chromium && facts.chromiumPath) {
      badChromiumPath ||= !facts.executable[facts.chromiumPath];
    } else if (!facts.executable[need.path]) {
      missing.push(need);
    }
  }
  const oldNode = !versionAtLeast(facts.node, MIN_NODE);
  if (!oldNode && !badChromiumPath && missing.length === 0) return { action: 'run' };

  const packages = missing.map((n) => n.pkg);
  const debian = isDebianLike(facts.os);
  // Only apt's part can be done here; a wrong Node or CHROMIUM_PATH is the user's to fix.
  if (!oldNode && !badChromiumPath && debian && facts.root) return { action: 'install', packages };

  const problems = [
    ...(oldNode ? [`Node ${MIN_NODE.join('.')} or later (this is ${facts.node})`] : []),
    ...(badChromiumPath ? [`an executable Chromium at CHROMIUM_PATH (${facts.chromiumPath})`] : []),
    ...missing.map((n) => n.what),
  ];
  const fixes = [];
  if (oldNode) fixes.push(`install Node ${MIN_NODE.join('.')} or later (for example \`nvm install 20\`)`);
  if (badChromiumPath) fixes.push('point CHROMIUM_PATH at a Chromium binary or unset it');
  if (packages.length > 0) {
    const sudo = facts.root ? '' : 'sudo ';
    const cmd = `${sudo}apt-get update && ${sudo}apt-get ${aptInstallArgs(packages).join(' ')}`;
    const orChromiumPath = missing.some((n) => n.chromium)
      ? ' (or set CHROMIUM_PATH to another Chromium)'
      : '';
    fixes.push(
      debian
        ? `run \`${cmd}\`${orChromiumPath}`
        : `install them with your system's package manager (on Debian or Ubuntu: \`${cmd}\`)${orChromiumPath}`,
    );
  }
  return {
    action: 'stop',
    message: `\`npm ${facts.command}\` needs ${problems.join(', ')}: ${fixes.join(', then ')}.`,
  };
}

/** apt needs `apt-get update` first when its lists do not know a package (e.g. a fresh image). */
export const aptUpdateNeeded = (policyOutput, packages) =>
  packages.some((pkg) => {
    const section = policyOutput.split(/^(?=\S)/m).find((s) => s.startsWith(`${pkg}:`));
    return !section || /Candidate: \(none\)/.test(section);
  });

export const parseOsRelease = (text) => {
  const fields = Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.match(/^([A-Z_]+)=("?)(.*)\2$/))
      .filter(Boolean)
      .map((m) => [m[1], m[3]]),
  );
  return fields.ID ? { id: fields.ID, idLike: (fields.ID_LIKE ?? '').split(/\s+/).filter(Boolean) } : null;
};

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The `java` the local cloud will start (first on PATH) and its version from the JDK's `release` file. */
export const probeJava = (pathVariable) => {
  for (const dir of (pathVariable ?? '').split(path.delimiter).filter(Boolean)) {
    const java = path.join(dir, 'java');
    if (!isExecutable(java)) continue;
    try {
      const home = path.dirname(path.dirname(fs.realpathSync(java)));
      const release = fs.readFileSync(path.join(home, 'release'), 'utf8');
      return release.match(/^JAVA_VERSION="([^"]+)"/m)?.[1] ?? 'unknown';
    } catch {
      return 'unknown'; // a java without a release file: let it run rather than guess
    }
  }
  return null;
};

const readOs = () => {
  try {
    return parseOsRelease(fs.readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return null;
  }
};

export const probe = (command, env = process.env) => {
  const chromiumPath = env.CHROMIUM_PATH || undefined;
  const paths = [HEADLESS_SHELL, ...(chromiumPath ? [chromiumPath] : [])];
  return {
    command,
    node: process.versions.node,
    root: typeof process.getuid === 'function' && process.getuid() === 0,
    os: readOs(),
    java: probeJava(env.PATH),
    chromiumPath,
    executable: Object.fromEntries(paths.map((p) => [p, isExecutable(p)])),
  };
};

const runShown = (args) => {
  console.log(`$ DEBIAN_FRONTEND=noninteractive apt-get ${args.join(' ')}`);
  const res = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return res.status === 0;
};

const install = (packages) => {
  const policy = spawnSync('apt-cache', ['policy', ...packages], { encoding: 'utf8' });
  let updated = false;
  if (aptUpdateNeeded(policy.stdout ?? '', packages)) {
    if (!runShown(['update'])) return false;
    updated = true;
  }
  if (runShown(aptInstallArgs(packages))) return true;
  // Lists that know the package but are stale fail with 404s: refresh them once and retry.
  return !updated && runShown(['update']) && runShown(aptInstallArgs(packages));
};

/** Runs the preflight for `command`; exits the process with status 1 when it cannot go on. */
export const preflight = (command) => {
  let decision = decide(probe(command));
  if (decision.action === 'install') {
    console.log(`Preflight: installing ${decision.packages.join(', ')} (missing for \`npm ${command}\`).`);
    if (!install(decision.packages)) {
      console.error('Preflight: apt-get failed (see above).');
      process.exit(1);
    }
    decision = decide(probe(command));
    if (decision.action === 'install') {
      decision = {
        action: 'stop',
        message: `Preflight: apt-get ran, yet ${decision.packages.join(', ')} is still missing.`,
      };
    }
  }
  if (decision.action === 'stop') {
    console.error(decision.message);
    process.exit(1);
  }
};

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  preflight(process.argv[2]);
}
