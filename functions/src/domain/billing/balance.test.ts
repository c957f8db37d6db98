import { beforeAll, describe, expect, it } from 'vitest';
import { canBake, FREE_TRIAL_CERTIFICATES } from '@proofmark/shared/workspace/rules';
import { balanceOf } from './balance';

beforeAll(() => {
  process.env.TABLE_NAME ??= 'proofmark-unit';
});

describe('balance', () => {
  it('counts an organisation registered before balances existed as having its free trial', () => {
    expect(balanceOf({ name: 'Old College' })).toBe(FREE_TRIAL_CERTIFICATES);
    expect(balanceOf({ balance: 0 })).toBe(0);
    expect(balanceOf({ balance: 7 })).toBe(7);
  });
});

describe('bake', () => {
  it('takes rows that are not issued nor taken, without needing a public key', () => {
    expect(canBake([])).toEqual({ ok: false, message: 'There is no selected students' });
    expect(canBake(['Invite pending', 'PK received', 'generated'])).toEqual({ ok: true });
    expect(canBake(['Invite pending', 'Certificate issued'])).toEqual({
      ok: false,
      message: 'Please select correct items',
    });
    expect(canBake(['Issuing'])).toMatchObject({ ok: false });
  });
});
