import { describe, expect, it } from 'vitest';
import { mainAdminPermissions, newTeamUserPermissions, noPermissions, togglePermission } from '@proofmark/shared/accounts/permissions';
import type { Session } from '../session';
import { testSession } from '../testing/session';
import { can, isAbility } from './can';

const base = testSession('t');

const mainAdmin: Session = { ...base, isadmin: 1, permissions: mainAdminPermissions() };
const viewOnly: Session = { ...base, isadmin: 0, permissions: newTeamUserPermissions() };
const issuer: Session = { ...base, isadmin: 0, permissions: togglePermission(noPermissions(), 'issuer', true) };

describe('can', () => {
  it('allows nothing without a session', () => {
    for (const ability of ['write', 'mainAdmin', 'issuecertificate'] as const) expect(can(null, ability)).toBe(false);
  });

  it('allows the main administrator everything', () => {
    for (const ability of ['write', 'mainAdmin', 'issuecertificate', 'changetemplatecontent'] as const) {
      expect(can(mainAdmin, ability)).toBe(true);
    }
  });

  it('trusts the session isadmin (main admin), not the "Admin" flag, for team management', () => {
    const flaggedAdmin: Session = { ...base, isadmin: 0, permissions: { ...noPermissions(), isadmin: 1 } };
    expect(can(flaggedAdmin, 'mainAdmin')).toBe(false);
    expect(can(flaggedAdmin, 'isadmin')).toBe(true);
  });

  it('lets a view-only user change nothing, whatever other flags say', () => {
    expect(can(viewOnly, 'write')).toBe(false);
    expect(can(viewOnly, 'mainAdmin')).toBe(false);
    const odd: Session = { ...viewOnly, permissions: { ...newTeamUserPermissions(), managemember: 1 } };
    expect(can(odd, 'managemember')).toBe(false);
  });

  it('grants exactly the flags that are on to other users', () => {
    expect(can(issuer, 'write')).toBe(true);
    expect(can(issuer, 'issuecertificate')).toBe(true);
    expect(can(issuer, 'generatecertificate')).toBe(true);
    expect(can(issuer, 'sendcertificate')).toBe(false);
    expect(can(issuer, 'mainAdmin')).toBe(false);
  });

  it('treats missing permissions as none granted (but not as view-only)', () => {
    expect(can(base, 'issuecertificate')).toBe(false);
    expect(can(base, 'write')).toBe(true);
  });

  it('allows nothing while an administrator-set password must be changed', () => {
    expect(can({ ...mainAdmin, ispasswordchanged: 1 }, 'write')).toBe(false);
    expect(can({ ...issuer, ispasswordchanged: 1 }, 'issuecertificate')).toBe(false);
    expect(can({ ...issuer, ispasswordchanged: 0 }, 'issuecertificate')).toBe(true);
  });
});

describe('isAbility', () => {
  it('knows the flags and the two extra words', () => {
    expect(isAbility('write')).toBe(true);
    expect(isAbility('mainAdmin')).toBe(true);
    expect(isAbility('previewcertificate')).toBe(true);
    expect(isAbility('fly')).toBe(false);
  });
});
