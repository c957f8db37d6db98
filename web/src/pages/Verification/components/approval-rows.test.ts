import { describe, expect, it } from 'vitest';
import { canApprove } from '@proofmark/shared/workspace/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { approvalText, codeOf, extraFieldItems } from './approval-rows';

describe('approval codes (§4)', () => {
  it("uses the server's code, else derives it from the status", () => {
    expect(codeOf({ approval: 2, status: 'Certificate issued' })).toBe(2);
    expect(codeOf({ approval: 0, status: 'Certificate issued' })).toBe(3);
    expect(codeOf({ approval: 0, status: 'generated' })).toBe(4);
    expect(codeOf({ approval: 0, status: 'Invite pending' })).toBeUndefined();
  });

  it('labels the Status column', () => {
    expect(approvalText({ approval: 1, status: 'Certificate sent' })).toBe('Approved');
    expect(approvalText({ approval: 2, status: 'Certificate issued' })).toBe('Declined');
    expect(approvalText({ approval: 0, status: 'PK received' })).toBe('PK received');
    // Undecided rows say what Manage Certificate says, not the code's generic label.
    expect(approvalText({ approval: 0, status: 'Certificate sent' })).toBe('Certificate sent');
    expect(approvalText({ approval: 0, status: 'generated' })).toBe('generated');
    expect(approvalText({ approval: 0, status: 'Invite pending' })).toBe('Invite pending');
  });

  it('feeds the shared verdicts', () => {
    expect(canApprove([], 'approve')).toEqual({ ok: false, message: m.approvalNothingSelected });
    expect(canApprove([codeOf({ approval: 0, status: 'generated' })], 'approve')).toEqual({
      ok: false,
      message: m.approvalSelectIssued,
    });
    expect(canApprove([codeOf({ approval: 2, status: 'Certificate issued' })], 'decline').ok).toBe(false);
  });
});

describe('extraFieldItems', () => {
  it('lists the profile’s verification items first, then the other extra fields', () => {
    expect(
      extraFieldItems({ School: 'Hill', Year: '2020', Other: 'x' }, ['Year', 'Father name', 'School']),
    ).toEqual([
      { label: 'Year', value: '2020' },
      { label: 'Father name', value: '' },
      { label: 'School', value: 'Hill' },
      { label: 'Other', value: 'x' },
    ]);
  });
});
