import type { Session } from '../session';

/**
 * The organisation a session belongs to, for cache keys. It is the ID token's `custom:org_id`
 * claim (read, not verified: the server verifies every call; this only keeps one organisation's
 * cached answers apart from another's). Sessions whose token cannot be read fall back to the
 * organisation's verifier address, which is unique per organisation too.
 */
export function orgScope(session: Session | null): string {
  if (session === null) return 'signed-out';
  const orgId = tokenClaims(session.token)['custom:org_id'];
  if (typeof orgId === 'string' && orgId !== '') return orgId;
  return session.organization_verify_uri || `user:${session.user_id}`;
}

/** The payload of a JWT, or an empty object for anything that is not one. */
export function tokenClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (payload === undefined || payload === '') return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
