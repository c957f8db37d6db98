import { describe, expect, it } from 'vitest';
import { versionLabel } from './versionLabel';

describe('versionLabel', () => {
  it("shows 'Version 2' for v2 and 'Version3' otherwise (spec §2)", () => {
    expect(versionLabel('v2')).toBe('Version 2');
    expect(versionLabel('v3')).toBe('Version3');
  });
});
