import { findRoute, paths } from '../routing/routeTable';
import type { RouteId } from '../routing/routeTable';

/** The signed-in top menu, in the order the spec lists it (Logout is appended by the header). */
export const appMenu = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'manageStudents', label: 'Manage Students' },
  { id: 'designCertificate', label: 'Design Certificate' },
  { id: 'manageCertificate', label: 'Manage Certificate' },
  { id: 'verification', label: 'Verification' },
  { id: 'myProfile', label: 'My Profile' },
] as const satisfies readonly { id: RouteId; label: string }[];

export type MenuId = (typeof appMenu)[number]['id'];

/**
 * Screens outside the menu that belong to one of its sections, so the user keeps a sense of where
 * they are: the password is changed from the profile's settings.
 */
const sectionOf: Partial<Record<RouteId, MenuId>> = {
  changePassword: 'myProfile',
};

/** The menu entry to highlight for a pathname, if any. */
export function selectedMenuId(pathname: string): MenuId | undefined {
  const id = findRoute(pathname);
  if (id === undefined) return undefined;
  const inMenu = appMenu.find((item) => item.id === id);
  return inMenu?.id ?? sectionOf[id];
}

export const menuPath = (id: MenuId): string => paths[id];
