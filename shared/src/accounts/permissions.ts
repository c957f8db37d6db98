/**
 * Team permission flags (spec: account-and-billing §3) and the toggle rules of §4, implemented once
 * and used by the permission modal and by the server.
 */
export const permissionFlags = [
  'isadmin',
  'issuer',
  'viewonly',
  'managemember',
  'uploadmember',
  'sendinvite',
  'previewinviteemail',
  'designcertificate',
  'managecertificate',
  'generatecertificate',
  'previewcertificate',
  'issuecertificate',
  'sendcertificate',
  'changelogo',
  'changetemplatecontent',
  'validate',
  /** Buys plans and reads the balance ledger (checkout, receipts); the main administrator always may. */
  'billing',
] as const;
export type PermissionFlag = (typeof permissionFlags)[number];
export type Permissions = Record<PermissionFlag, 0 | 1>;

export const permissionLabels: Record<PermissionFlag, string> = {
  isadmin: 'Admin',
  issuer: 'Issuer',
  viewonly: 'View only',
  managemember: 'Manage members',
  uploadmember: 'Upload members',
  sendinvite: 'Send invitation',
  previewinviteemail: 'Preview invitation email',
  designcertificate: 'Design certificate',
  managecertificate: 'Manage certificate',
  generatecertificate: 'Generate certificate',
  previewcertificate: 'Preview certificate',
  issuecertificate: 'Issue certificate',
  sendcertificate: 'Send certificate',
  changelogo: 'change profile',
  changetemplatecontent: 'Change template content',
  validate: 'Validate',
  billing: 'Billing (buy plans)',
};

/**
 * Flags the permission modal shows: all of them. The spec keeps changetemplatecontent hidden; it is
 * shown because it decides who may save the mail templates (POST /api/mail-templates).
 */
export const visiblePermissionFlags = permissionFlags;

const issuerTrio = ['generatecertificate', 'previewcertificate', 'issuecertificate'] as const;

export const noPermissions = (): Permissions =>
  Object.fromEntries(permissionFlags.map((f) => [f, 0])) as Permissions;

/** The main administrator may do everything. */
export const mainAdminPermissions = (): Permissions => ({
  ...(Object.fromEntries(permissionFlags.map((f) => [f, 1])) as Permissions),
  viewonly: 0,
});

/** What a new team user starts with: they can look, not change, until the administrator grants more. */
export const newTeamUserPermissions = (): Permissions => ({ ...noPermissions(), viewonly: 1 });

/**
 * One switch flipped in the modal, with its knock-on effects (spec §4):
 * issuer on → viewonly off, the issuing trio on; issuer off → the trio off;
 * viewonly on → issuer and the trio off.
 */
export const togglePermission = (current: Permissions, flag: PermissionFlag, on: boolean): Permissions => {
  const next: Permissions = { ...current, [flag]: on ? 1 : 0 };
  if (flag === 'issuer') {
    for (const f of issuerTrio) next[f] = on ? 1 : 0;
    if (on) next.viewonly = 0;
  }
  if (flag === 'viewonly' && on) {
    next.issuer = 0;
    for (const f of issuerTrio) next[f] = 0;
  }
  return next;
};

/**
 * Makes a submitted set of flags consistent with the rules, so the server never stores a
 * combination the modal could not produce (view-only wins over anything that changes data).
 */
export const normalisePermissions = (p: Permissions): Permissions => {
  let next = { ...p };
  if (next.viewonly) next = togglePermission(next, 'viewonly', true);
  else if (next.issuer) next = togglePermission(next, 'issuer', true);
  return next;
};

/** "Main permission level" shown in the team list. */
export const permissionLevel = (p: Permissions): 'ADMIN' | 'ISSUER' | 'VIEW ONLY' | 'CUSTOM' =>
  p.isadmin ? 'ADMIN' : p.issuer ? 'ISSUER' : p.viewonly ? 'VIEW ONLY' : 'CUSTOM';
