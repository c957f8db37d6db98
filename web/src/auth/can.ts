import { permissionFlags } from '@proofmark/shared/accounts/permissions';
import type { PermissionFlag } from '@proofmark/shared/accounts/permissions';
import type { Session } from '../session';

/**
 * What a screen may ask before showing a control:
 * - a permission flag: the action that flag grants (e.g. 'issuecertificate');
 * - 'write': any change to the organisation's data, with no particular flag;
 * - 'mainAdmin': what only the organisation's main administrator may do (the Team tab).
 */
export type Ability = PermissionFlag | 'write' | 'mainAdmin';

const flags = new Set<string>(permissionFlags);

export function isAbility(value: string): value is Ability {
  return value === 'write' || value === 'mainAdmin' || flags.has(value);
}

/**
 * Mirrors the server's check (functions/src/domain/accounts/access.ts, rules of shared/src/contract/)
 * so the UI hides what the server would refuse. The server stays the authority: this only spares
 * users buttons that can only fail.
 *
 * - No session, or a password that must be changed first: nothing.
 * - The main administrator (session `isadmin` 1): everything.
 * - View-only wins over every flag that changes data (shared `normalisePermissions`).
 * - A flag must be granted (1); missing permissions count as not granted.
 */
export function can(session: Session | null, ability: Ability): boolean {
  if (session === null) return false;
  if (session.ispasswordchanged === 1) return false;
  if (session.isadmin === 1) return true;
  if (ability === 'mainAdmin') return false;
  const granted = session.permissions ?? {};
  if (granted.viewonly === 1) return false;
  if (ability === 'write') return true;
  return granted[ability] === 1;
}
