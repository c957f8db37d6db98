/**
 * The gateway's JWT check, remembered per token until the token expires: a token's signature and
 * claims are verified once, not on every call it makes. Under load, verifying an RS256 signature
 * on each request was a good part of the gateway thread's CPU (the thread every request passes
 * through), while API Gateway's authorizer runs on AWS's own machines. A token is only ever
 * remembered as valid, so a refused one is checked again on its next use; an expired one is
 * forgotten and checked again (and then refused). Only `max` tokens are kept, the oldest going first.
 */
export const verifiedTokens = <C>(
  verify: (token: string) => Promise<{ claims: C; expiresAt: number } | undefined>,
  opts: { max?: number; now?: () => number } = {},
) => {
  const max = opts.max ?? 1000;
  const now = opts.now ?? Date.now;
  const known = new Map<string, { claims: C; expiresAt: number }>();
  return async (token: string): Promise<C | undefined> => {
    const kept = known.get(token);
    if (kept && now() < kept.expiresAt) return kept.claims;
    if (kept) known.delete(token);
    const verified = await verify(token);
    if (!verified) return undefined;
    if (now() < verified.expiresAt) {
      known.set(token, verified);
      if (known.size > max) known.delete(known.keys().next().value!);
    }
    return verified.claims;
  };
};
