import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  HEADLESS_SHELL,
  aptUpdateNeeded,
  decide,
  parseOsRelease,
  probeJava,
  type PreflightFacts,
} from './preflight.mjs';

const debian = { id: 'debian', idLike: [] };
const allPresent: PreflightFacts = {
  command: 'test',
  node: '20.19.0',
  root: true,
  os: debian,
  java: '17.0.15',
  chromiumPath: undefined,
  executable: { [HEADLESS_SHELL]: true },
};
const nothingInstalled: PreflightFacts = { ...allPresent, java: null, executable: {} };

describe('preflight decision', () => {
  it('runs when everything is present', () => {
    expect(decide(allPresent)).toEqual({ action: 'run' });
    expect(decide({ ...allPresent, command: 'start' })).toEqual({ action: 'run' });
  });

  it('installs what is missing with apt as root on Debian, only what the command needs', () => {
    expect(decide(nothingInstalled)).toEqual({
      action: 'install',
      packages: ['openjdk-17-jre-headless', 'chromium-headless-shell'],
    });
    // npm start renders with the headless shell, and the browser tests drive it.
    expect(decide({ ...nothingInstalled, command: 'start' })).toEqual({
      action: 'install',
      packages: ['openjdk-17-jre-headless', 'chromium-headless-shell'],
    });
    expect(decide({ ...allPresent, java: null, command: 'start' })).toEqual({
      action: 'install',
      packages: ['openjdk-17-jre-headless'],
    });
  });

  it('treats Ubuntu (ID_LIKE=debian) as Debian', () => {
    const ubuntu = parseOsRelease('NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\nVERSION_ID="24.04"\n');
    expect(ubuntu).toEqual({ id: 'ubuntu', idLike: ['debian'] });
    expect(decide({ ...allPresent, os: ubuntu, java: null })).toEqual({
      action: 'install',
      packages: ['openjdk-17-jre-headless'],
    });
  });

  it('counts a Java older than 17 as missing', () => {
    expect(decide({ ...allPresent, java: '11.0.2' })).toEqual({
      action: 'install',
      packages: ['openjdk-17-jre-headless'],
    });
    expect(decide({ ...allPresent, java: '21.0.1' })).toEqual({ action: 'run' });
    expect(decide({ ...allPresent, java: 'unknown' })).toEqual({ action: 'run' });
  });

  it('stops without root with one sentence naming what is missing and the sudo command', () => {
    expect(decide({ ...nothingInstalled, command: 'start', root: false })).toEqual({
      action: 'stop',
      message:
        '`npm start` needs Java 17 (runs DynamoDB Local), chromium-headless-shell (renders certificates): ' +
        'run `sudo apt-get update && sudo apt-get install -y --no-install-recommends openjdk-17-jre-headless chromium-headless-shell` ' +
        '(or set CHROMIUM_PATH to another Chromium).',
    });
    expect(decide({ ...allPresent, root: false, java: null })).toEqual({
      action: 'stop',
      message:
        '`npm test` needs Java 17 (runs DynamoDB Local): ' +
        'run `sudo apt-get update && sudo apt-get install -y --no-install-recommends openjdk-17-jre-headless`.',
    });
  });

  it('never installs on a distribution without apt, even as root', () => {
    const fedora = parseOsRelease('NAME="Fedora Linux"\nID=fedora\n');
    for (const os of [fedora, null]) {
      const decision = decide({ ...nothingInstalled, os, command: 'start' });
      expect(decision.action).toBe('stop');
      expect(decision).toMatchObject({
        message: expect.stringMatching(
          /^`npm start` needs Java 17 .*: install them with your system's package manager \(on Debian or Ubuntu: `apt-get update && apt-get install -y --no-install-recommends openjdk-17-jre-headless chromium-headless-shell`\)/,
        ),
      });
    }
  });

  it('lets CHROMIUM_PATH replace both Chromium builds, and stops when it points at nothing', () => {
    const own = '/opt/chrome/chrome';
    expect(decide({ ...allPresent, chromiumPath: own, executable: { [own]: true } })).toEqual({
      action: 'run',
    });
    expect(decide({ ...nothingInstalled, chromiumPath: own, executable: { [own]: true } })).toEqual({
      action: 'install',
      packages: ['openjdk-17-jre-headless'],
    });
    expect(decide({ ...allPresent, chromiumPath: own })).toEqual({
      action: 'stop',
      message:
        '`npm test` needs an executable Chromium at CHROMIUM_PATH (/opt/chrome/chrome): point CHROMIUM_PATH at a Chromium binary or unset it.',
    });
  });

  it('stops on a Node older than 20.19, which apt cannot fix', () => {
    expect(decide({ ...allPresent, node: '20.18.3' })).toMatchObject({
      action: 'stop',
      message: expect.stringMatching(
        /^`npm test` needs Node 20.19 or later \(this is 20.18.3\): install Node 20.19/,
      ),
    });
    expect(decide({ ...allPresent, node: '22.1.0' })).toEqual({ action: 'run' });
  });
});

describe('apt update', () => {
  const policy = (candidate: string) =>
    `chromium:\n  Installed: (none)\n  Candidate: 130.0\nopenjdk-17-jre-headless:\n  Installed: (none)\n  Candidate: ${candidate}\n`;
  it('is run first only when the lists do not know a package', () => {
    expect(aptUpdateNeeded(policy('17.0.15'), ['chromium', 'openjdk-17-jre-headless'])).toBe(false);
    expect(aptUpdateNeeded(policy('(none)'), ['chromium', 'openjdk-17-jre-headless'])).toBe(true);
    // A package apt has never heard of prints no section at all (fresh image, empty lists).
    expect(aptUpdateNeeded(policy('17.0.15'), ['chromium-headless-shell'])).toBe(true);
  });
});

describe('java probe', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-java-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const fakeJdk = (name: string, release: string | undefined) => {
    const bin = path.join(dir, name, 'bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, 'java'), '#!/bin/sh\n', { mode: 0o755 });
    if (release !== undefined) fs.writeFileSync(path.join(dir, name, 'release'), release);
    return bin;
  };

  it('reads the version of the first java on PATH, through symlinks', () => {
    const jdk = fakeJdk('jdk11', 'IMPLEMENTOR="x"\nJAVA_VERSION="11.0.2"\n');
    const links = path.join(dir, 'links');
    fs.mkdirSync(links);
    fs.symlinkSync(path.join(jdk, 'java'), path.join(links, 'java'));
    const jdk17 = fakeJdk('jdk17', 'JAVA_VERSION="17.0.15"\n');
    expect(probeJava([path.join(dir, 'none'), links, jdk17].join(path.delimiter))).toBe('11.0.2');
    expect(probeJava(jdk17)).toBe('17.0.15');
  });

  it('is null when no java is on PATH, and unknown without a release file', () => {
    expect(probeJava(path.join(dir, 'none'))).toBeNull();
    expect(probeJava('')).toBeNull();
    expect(probeJava(fakeJdk('bare', undefined))).toBe('unknown');
  });
});
