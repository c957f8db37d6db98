import { describe, expect, it } from 'vitest';
import type { Session } from '../session';
import { orgScope, tokenClaims } from './orgScope';
import { queryKeys } from './queryKeys';

const jwt = (claims: object) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'sig'].join('.');

const session = (token: string, extra: Partial<Session> = {}): Session => ({
  token,
  user_id: 'u-1',
  organization_verify_uri: 'https://app.example/verify/westbrook',
  organization_name: 'Westbrook',
  fname: 'Ada',
  lname: 'Ng',
  email: 'ada@example.org',
  ...extra,
});

describe('orgScope', () => {
  it("reads the organisation from the ID token's custom:org_id claim", () => {
    expect(orgScope(session(jwt({ sub: 'u-1', 'custom:org_id': 'org-42' })))).toBe('org-42');
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    expect(tokenClaims(jwt({ name: 'Zoë ✓', 'custom:org_id': 'o' }))).toMatchObject({ name: 'Zoë ✓' });
  });

  it('falls back to the verifier address, then the user, when the token is not a JWT', () => {
    expect(orgScope(session('opaque'))).toBe('https://app.example/verify/westbrook');
    expect(orgScope(session('opaque', { organization_verify_uri: '' }))).toBe('user:u-1');
  });

  it('has a fixed scope when signed out', () => {
    expect(orgScope(null)).toBe('signed-out');
  });

  it('keeps two organisations apart in the query keys', () => {
    const a = orgScope(session(jwt({ 'custom:org_id': 'a' })));
    const b = orgScope(session(jwt({ 'custom:org_id': 'b' })));
    expect(queryKeys.team(a)).not.toEqual(queryKeys.team(b));
    expect(queryKeys.team(a).slice(0, 2)).toEqual(queryKeys.org(a));
  });
});

describe('tokenClaims', () => {
  it('is empty for garbage', () => {
    expect(tokenClaims('a.%%%.c')).toEqual({});
    expect(tokenClaims('')).toEqual({});
    expect(tokenClaims(`x.${Buffer.from('"text"').toString('base64url')}.y`)).toEqual({});
  });
});
