import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmeScreens, screensDir } from './screens';

const root = path.resolve(import.meta.dirname, '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

describe("the README's pictures", () => {
  it.each(readmeScreens.map((s) => s.name))('%s is shown in the README and kept in docs/screens', (name) => {
    expect(readme).toContain(`](${screensDir}/${name}.png)`);
    const file = path.join(root, screensDir, `${name}.png`);
    // A PNG: its signature, not just a file of that name.
    expect(fs.readFileSync(file).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });

  it('names only pictures a browser test takes', () => {
    for (const s of readmeScreens) {
      const source = fs.readFileSync(path.join(root, s.test), 'utf8');
      expect(source.includes(`'${s.name}'`) || source.includes(`/tmp/${s.name}.png`), s.name).toBe(true);
    }
  });
});
