import { describe, expect, it } from 'vitest';
import { certUuidFor } from './row-transitions';

const row = { orgId: 'org-1', cohortid: 'BTECH-2025', certtype: 'degree', studentid: 'S001' };
const run = '0b6f1c2e-8d3a-4f5b-9c7e-2a1d4e6f8b90';

describe('certUuidFor', () => {
  it('is a version 5 UUID, the same for the same run and row', () => {
    const id = certUuidFor(run, row);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(certUuidFor(run, { ...row })).toBe(id);
  });

  it('differs for another run, and for another row of the same run', () => {
    const id = certUuidFor(run, row);
    expect(certUuidFor('0b6f1c2e-8d3a-4f5b-9c7e-2a1d4e6f8b91', row)).not.toBe(id);
    for (const other of [
      { ...row, orgId: 'org-2' },
      { ...row, cohortid: 'BTECH-2026' },
      { ...row, certtype: 'transcript' },
      { ...row, studentid: 'S002' },
      // Fields are kept apart: moving a character from one to the next names another row.
      { ...row, cohortid: 'BTECH-2025d', certtype: 'egree' },
    ])
      expect(certUuidFor(run, other)).not.toBe(id);
  });
});
