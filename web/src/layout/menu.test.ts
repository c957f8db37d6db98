import { describe, expect, it } from 'vitest';
import { appMenu, selectedMenuId } from './menu';

describe('selectedMenuId', () => {
  it('highlights the section of each menu screen, in any letter case', () => {
    expect(selectedMenuId('/Dashboard')).toBe('dashboard');
    expect(selectedMenuId('/managestudents/')).toBe('manageStudents');
    expect(selectedMenuId('/MyProfile')).toBe('myProfile');
  });

  it('keeps My Profile highlighted while changing the password', () => {
    expect(selectedMenuId('/ChangePassword')).toBe('myProfile');
  });

  it('highlights Verification on the recipient approval screen', () => {
    expect(selectedMenuId('/Verification')).toBe('verification');
  });

  it('highlights nothing on pages outside the menu', () => {
    expect(selectedMenuId('/')).toBeUndefined();
    expect(selectedMenuId('/ProofmarkDemo')).toBeUndefined();
    expect(selectedMenuId('/prices')).toBeUndefined();
    expect(selectedMenuId('/missing')).toBeUndefined();
  });

  it('lists the sections in the order of the spec', () => {
    expect(appMenu.map((item) => item.label)).toEqual([
      'Dashboard',
      'Manage Students',
      'Design Certificate',
      'Manage Certificate',
      'Verification',
      'My Profile',
    ]);
  });
});
