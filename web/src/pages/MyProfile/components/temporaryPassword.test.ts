import { describe, expect, it } from 'vitest';
import { passwordProblem } from '@proofmark/shared/accounts/password-policy';
import { temporaryPassword } from './temporaryPassword';

describe('temporaryPassword', () => {
  it('is four dash-separated groups of four unambiguous characters', () => {
    const password = temporaryPassword();
    expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{4}(-[a-km-zA-HJ-NP-Z2-9]{4}){3}$/);
  });

  it('passes the shared length policy', () => {
    expect(passwordProblem(temporaryPassword())).toBeUndefined();
  });

  it('differs between calls', () => {
    expect(new Set(Array.from({ length: 20 }, () => temporaryPassword())).size).toBe(20);
  });

  it('skips bytes that would bias the choice', () => {
    // 255 is above the largest multiple of the alphabet size and must be rejected; 0 maps to 'a'.
    let call = 0;
    const password = temporaryPassword((bytes) => bytes.fill(call++ === 0 ? 255 : 0));
    expect(password).toBe('aaaa-aaaa-aaaa-aaaa');
  });
});
