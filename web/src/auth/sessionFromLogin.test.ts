import { describe, expect, it } from 'vitest';
import { newTeamUserPermissions } from '@proofmark/shared/accounts/permissions';
import type { SessionData } from '@proofmark/shared/contract/auth';
import { sessionFromLogin } from './sessionFromLogin';

const answer: SessionData = {
  token: 'id-token',
  refreshToken: 'refresh',
  user_id: 'u',
  organization_verify_uri: 'https://x/verify/y',
  organization_name: 'Org',
  fname: 'Grace',
  lname: 'Hopper',
  email: 'grace@example.org',
  issued: 1,
  inprogress: 2,
  ispasswordchanged: 1,
  current_year: 2026,
  isadmin: 0,
  permissions: newTeamUserPermissions(),
};

describe('sessionFromLogin', () => {
  it('keeps the tokens, the forced-change flag and the permissions', () => {
    const session = sessionFromLogin(answer);
    expect(session).toMatchObject({ token: 'id-token', refreshToken: 'refresh', ispasswordchanged: 1, isadmin: 0 });
    expect(session.permissions).toEqual(newTeamUserPermissions());
    // A copy: later changes to the answer object do not leak into the stored session.
    expect(session.permissions).not.toBe(answer.permissions);
  });

  it('leaves the refresh token out when the server sent none', () => {
    const { refreshToken: _omit, ...rest } = answer;
    expect(sessionFromLogin(rest)).not.toHaveProperty('refreshToken');
  });
});
