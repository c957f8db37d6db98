import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy';
import { commonPasswordCheck } from './common-passwords';
import { accountMessages } from './messages';

describe('password policy (ASVS level 2)', () => {
  it('needs 8 characters, counting characters not bytes', () => {
    expect(passwordProblem('short12')).toBe(accountMessages.passwordTooShort);
    expect(passwordProblem('éééééééé')).toBeUndefined();
    expect(passwordProblem('🔒🔒🔒🔒🔒🔒🔒')).toBe(accountMessages.passwordTooShort);
  });

  it('allows long passphrases (64+) and has no composition rules', async () => {
    const isCommonPassword = await commonPasswordCheck();
    expect(passwordProblem('a'.repeat(64))).toBeUndefined();
    expect(passwordProblem('all lower case words here', isCommonPassword)).toBeUndefined();
    expect(passwordProblem('x'.repeat(129))).toBe(accountMessages.passwordTooLong);
  });

  it('refuses the most common passwords, whatever their case', async () => {
    const isCommonPassword = await commonPasswordCheck();
    for (const p of ['password', '12345678', 'Qwertyuiop', 'iloveyou1']) {
      expect(passwordProblem(p, isCommonPassword), p).toBe(accountMessages.passwordTooCommon);
    }
    expect(passwordProblem('correct horse battery staple 42', isCommonPassword)).toBeUndefined();
  });
});
