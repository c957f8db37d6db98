import { describe, expect, it } from 'vitest';
import { verifiedTokens } from './verified-tokens';

/** A verifier that accepts tokens named in `valid` (expiring at the given time) and counts its calls. */
const verifier = (valid: Record<string, number>) => {
  const calls: string[] = [];
  const verify = async (token: string) => {
    calls.push(token);
    return token in valid ? { claims: { sub: token }, expiresAt: valid[token]! } : undefined;
  };
  return { verify, calls };
};

describe('verifiedTokens', () => {
  it('verifies a token once and answers its claims from memory until it expires', async () => {
    let now = 1_000;
    const { verify, calls } = verifier({ a: 5_000 });
    const check = verifiedTokens(verify, { now: () => now });
    expect(await check('a')).toEqual({ sub: 'a' });
    expect(await check('a')).toEqual({ sub: 'a' });
    expect(calls).toEqual(['a']);
    now = 5_000;
    // Expired: verified again (the verifier, like jwtVerify, is the judge of an expired token).
    expect(await check('a')).toEqual({ sub: 'a' });
    expect(calls).toEqual(['a', 'a']);
  });

  it('never remembers a refused token, nor one already expired', async () => {
    const { verify, calls } = verifier({ old: 500 });
    const check = verifiedTokens(verify, { now: () => 1_000 });
    expect(await check('forged')).toBeUndefined();
    expect(await check('forged')).toBeUndefined();
    await check('old');
    await check('old');
    expect(calls).toEqual(['forged', 'forged', 'old', 'old']);
  });

  it('keeps at most `max` tokens, forgetting the oldest first', async () => {
    const { verify, calls } = verifier({ a: 9_000, b: 9_000, c: 9_000 });
    const check = verifiedTokens(verify, { max: 2, now: () => 1_000 });
    for (const t of ['a', 'b', 'c', 'c', 'b', 'a']) await check(t);
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
