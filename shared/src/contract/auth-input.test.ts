import { describe, expect, it } from 'vitest';
import { accountMessages } from '../accounts/messages';
import { changePasswordRequest, registerRequest } from './auth';

const urlOf = registerRequest.shape.Organization_URL;

describe('Organization URL', () => {
  it('adds https:// to an address typed without a scheme', () => {
    expect(urlOf.parse('westbrook.edu')).toBe('https://westbrook.edu');
    expect(urlOf.parse('  www.westbrook.edu/about ')).toBe('https://www.westbrook.edu/about');
  });

  it('keeps an address that has its scheme, and still refuses what is no address', () => {
    expect(urlOf.parse('http://westbrook.edu')).toBe('http://westbrook.edu');
    expect(urlOf.safeParse('not an address').success).toBe(false);
    expect(urlOf.safeParse('ftp://westbrook.edu').success).toBe(false);
  });
});

describe('changing the password', () => {
  it('refuses the same password as the old one, on the new password field', () => {
    const same = 'a calm river at dawn';
    const result = changePasswordRequest.safeParse({
      OldPassword: same,
      NewPassword: same,
      ConfirmPassword: same,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['NewPassword', accountMessages.newPasswordSameAsOld],
    ]);
  });

  it('accepts a different new password', () => {
    const result = changePasswordRequest.safeParse({
      OldPassword: 'a calm river at dawn',
      NewPassword: 'a loud river at dusk',
      ConfirmPassword: 'a loud river at dusk',
    });
    expect(result.success).toBe(true);
  });
});
