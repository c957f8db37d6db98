import { describe, expect, it } from 'vitest';
import { profileData } from '@proofmark/shared/contract/profile';
import { secretFields, type SecretField } from '@proofmark/shared/settings/rules';
import { mainAdminPermissions } from '@proofmark/shared/accounts/permissions';
import { imageBytesOf, profileFrom } from './profile';
import type { UserRecord } from '../accounts/users';

const user: UserRecord = {
  orgId: 'org-1',
  userId: 'u-1',
  email: 'ada@college.example.test',
  fname: 'Ada',
  lname: 'Lovelace',
  job_title: 'Accounting',
  created_at: '2025-01-01T00:00:00.000Z',
  isMainAdmin: true,
  permissions: mainAdminPermissions(),
  emailConfirmed: true,
  mustChangePassword: false,
};
const noSecrets = Object.fromEntries(secretFields.map((f) => [f, { configured: false }])) as Record<
  SecretField,
  { configured: boolean }
>;

describe('the profile', () => {
  it("matches the contract with a new organisation's defaults", () => {
    const p = profileFrom(user, undefined, {}, noSecrets, {
      members: 1,
      logoimage: null,
      signatureimage: null,
    });
    expect(profileData.parse(p)).toEqual(p);
    expect(p).toMatchObject({
      blockchain: 'ethereum',
      proofmarkversion: 'v3',
      storagetype: 1,
      proofmarkorcustomer: 'proofmark',
      isadmin: 1,
      cohortsplitlength: 2000,
    });
  });

  it('shows secrets only as their status', () => {
    const secrets = {
      ...noSecrets,
      smtppassword: { configured: true },
      awssecretkey: { configured: true, hint: 'WXYZ' },
    };
    const p = profileFrom(user, undefined, { smtphost: 'smtp.example.test' }, secrets, {
      members: 1,
      logoimage: null,
      signatureimage: null,
    });
    expect(p.smtppassword).toEqual({ configured: true });
    expect(p.awssecretkey).toEqual({ configured: true, hint: 'WXYZ' });
    expect(p.office365.clientsecret).toEqual({ configured: false });
  });
});

describe('uploaded image values', () => {
  it('are base64 or data: URLs', () => {
    expect(imageBytesOf('data:image/png;base64,iVBORw0KGgo=').subarray(0, 4)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    );
    expect(imageBytesOf('iVBO Rw0K\nGgo=').subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(() => imageBytesOf('this is <b>not</b> base64')).toThrow();
  });
});
