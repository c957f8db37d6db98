import { describe, expect, it } from 'vitest';
import {
  mainAdminPermissions,
  newTeamUserPermissions,
  noPermissions,
  togglePermission,
} from '@proofmark/shared/accounts/permissions';
import { isAllowed } from './access';

const member = (permissions = noPermissions()) => ({ isMainAdmin: false, permissions });

describe('isAllowed', () => {
  it('lets the main administrator do everything', () => {
    for (const access of [
      { kind: 'mainAdmin' },
      { kind: 'write', flag: 'issuecertificate' },
      { kind: 'read', flag: 'validate' },
    ] as const) {
      expect(isAllowed({ isMainAdmin: true, permissions: mainAdminPermissions() }, access)).toBe(true);
    }
  });

  it('refuses every write to a view-only user, whatever flags they hold', () => {
    const viewOnly = member({ ...newTeamUserPermissions(), uploadmember: 1 });
    expect(isAllowed(viewOnly, { kind: 'write' })).toBe(false);
    expect(isAllowed(viewOnly, { kind: 'write', flag: 'uploadmember' })).toBe(false);
    expect(isAllowed(viewOnly, { kind: 'read' })).toBe(true);
    expect(isAllowed(viewOnly, { kind: 'self' })).toBe(true);
  });

  it('needs the named flag', () => {
    const issuer = member(togglePermission(noPermissions(), 'issuer', true));
    expect(isAllowed(issuer, { kind: 'write', flag: 'issuecertificate' })).toBe(true);
    expect(isAllowed(issuer, { kind: 'write', flag: 'sendcertificate' })).toBe(false);
    expect(isAllowed(issuer, { kind: 'mainAdmin' })).toBe(false);
  });
});
