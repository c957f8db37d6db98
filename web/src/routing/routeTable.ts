import { productName } from '../brand';

/**
 * Every screen of the SPA in one table, kept free of React so the guard and the menu logic can be
 * unit-tested in Node. App.tsx maps each id to its page component; a `Record<RouteId, …>` there
 * makes a route without a page (or a page without a route) a compile error.
 *
 * Access levels:
 * - `public`: anyone (marketing, the demo, plan selection, password reset).
 * - `guest`: only without a session (login, registration); a signed-in user is sent to the dashboard.
 * - `private`: needs a stored token; without one the user is sent to /login.
 */
export type Access = 'public' | 'guest' | 'private';

export interface RouteDef {
  /** The canonical spelling used in links; matching is case-insensitive. */
  path: string;
  access: Access;
  /** Shown in the browser tab and as the heading of screens still to be built. */
  title: string;
}

export const routeTable = {
  home: { path: '/', access: 'public', title: 'Verifiable certificates and Open Badges' },
  login: { path: '/login', access: 'guest', title: 'Log in' },
  register: { path: '/Register', access: 'guest', title: 'Create your account' },
  forgotPassword: { path: '/ForgotPassword', access: 'public', title: 'Forgot password' },
  // The mailed link of a team invitation or an administrator's reset: the token is the only proof.
  setPassword: { path: '/set-password', access: 'public', title: 'Choose your password' },
  // Reached right after login when an administrator flagged the password; the change call is
  // authenticated by the session token, so the screen is useless without one.
  changePassword: { path: '/ChangePassword', access: 'private', title: 'Change password' },
  dashboard: { path: '/Dashboard', access: 'private', title: 'Dashboard' },
  // Plans are browsable before signing up; paying is not.
  plans: { path: '/Plans', access: 'public', title: 'Plans and pricing' },
  prices: { path: '/prices', access: 'public', title: 'Plans and pricing' },
  payment: { path: '/payment', access: 'private', title: 'Payment' },
  paymentStatus: { path: '/paymentstatus', access: 'private', title: 'Payment status' },
  myProfile: { path: '/MyProfile', access: 'private', title: 'My profile' },
  myCertificates: { path: '/MyCertificates', access: 'private', title: 'My certificates' },
  manageStudents: { path: '/ManageStudents', access: 'private', title: 'Manage students' },
  designCertificate: { path: '/DesignCertificate', access: 'private', title: 'Design certificate' },
  manageCertificate: { path: '/ManageCertificate', access: 'private', title: 'Manage certificates' },
  // The recipient approval screen of certificate-operations §2.6: the menu's Verification.
  verification: { path: '/Verification', access: 'private', title: 'Verification' },
  proofmarkDemo: { path: '/ProofmarkDemo', access: 'public', title: 'Proofmark live demo' },
  homeProofmarkDemo: { path: '/HomeProofmarkDemo', access: 'public', title: 'See Proofmark in action' },
  registerDemo: { path: '/RegisterDemo', access: 'public', title: 'Schedule a demo' },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof routeTable;

/**
 * Old addresses kept working: each sends the visitor on to the screen that replaced it (the
 * approval screen was first published at /RecipientApproval before it became the menu's Verification).
 */
export const redirects: Readonly<Record<string, string>> = {
  '/RecipientApproval': routeTable.verification.path,
};

export const routeIds = Object.keys(routeTable) as RouteId[];

/** Canonical paths, so links never spell a route differently from the table. */
export const paths = Object.fromEntries(routeIds.map((id) => [id, routeTable[id].path])) as {
  [K in RouteId]: (typeof routeTable)[K]['path'];
};

/**
 * Reduces a location pathname to the form routes are compared in: lower case (react-router matches
 * case-insensitively, and the spec links both /Login and /login) and without trailing slashes.
 */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

const routeByPath = new Map<string, RouteId>(routeIds.map((id) => [normalizePath(routeTable[id].path), id]));

/** The route a pathname shows, or undefined when it is not a screen of the app (the 404 page). */
export function findRoute(pathname: string): RouteId | undefined {
  return routeByPath.get(normalizePath(pathname));
}

/** The browser tab title of a pathname. */
export function documentTitle(pathname: string): string {
  const id = findRoute(pathname);
  if (id === 'home') return `${productName} — ${routeTable.home.title}`;
  return `${id === undefined ? 'Page not found' : routeTable[id].title} · ${productName}`;
}
