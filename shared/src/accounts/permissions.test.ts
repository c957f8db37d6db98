import { describe, expect, it } from 'vitest';
import {
  mainAdminPermissions,
  newTeamUserPermissions,
  noPermissions,
  normalisePermissions,
  permissionLevel,
  togglePermission,
} from './permissions';

describe('permission toggles (spec §4)', () => {
  it('issuer on clears viewonly and turns the issuing trio on', () => {
    const p = togglePermission(newTeamUserPermissions(), 'issuer', true);
    expect(p).toMatchObject({
      issuer: 1,
      viewonly: 0,
      generatecertificate: 1,
      previewcertificate: 1,
      issuecertificate: 1,
    });
    expect(p.sendcertificate).toBe(0);
  });

  it('issuer off turns the trio off and leaves other flags alone', () => {
    const start = { ...togglePermission(noPermissions(), 'issuer', true), sendinvite: 1 as const };
    const p = togglePermission(start, 'issuer', false);
    expect(p).toMatchObject({
      issuer: 0,
      generatecertificate: 0,
      previewcertificate: 0,
      issuecertificate: 0,
      sendinvite: 1,
    });
  });

  it('viewonly on turns issuer and the trio off', () => {
    const p = togglePermission(togglePermission(noPermissions(), 'issuer', true), 'viewonly', true);
    expect(p).toMatchObject({
      viewonly: 1,
      issuer: 0,
      generatecertificate: 0,
      previewcertificate: 0,
      issuecertificate: 0,
    });
  });

  it('other flags toggle alone', () => {
    expect(togglePermission(noPermissions(), 'validate', true)).toEqual({ ...noPermissions(), validate: 1 });
  });

  it('normalises a submitted combination the modal could not produce', () => {
    expect(
      normalisePermissions({ ...noPermissions(), viewonly: 1, issuer: 1, issuecertificate: 1 }),
    ).toMatchObject({ viewonly: 1, issuer: 0, issuecertificate: 0 });
    expect(normalisePermissions({ ...noPermissions(), issuer: 1 })).toMatchObject({
      generatecertificate: 1,
      previewcertificate: 1,
      issuecertificate: 1,
    });
  });

  it('names the main level', () => {
    expect(permissionLevel(mainAdminPermissions())).toBe('ADMIN');
    expect(permissionLevel(togglePermission(noPermissions(), 'issuer', true))).toBe('ISSUER');
    expect(permissionLevel(newTeamUserPermissions())).toBe('VIEW ONLY');
  });
});
