import type { PermissionFlag } from '../accounts/permissions';

/**
 * Who may call each route — the one table the server enforces (functions/src/http/kit.ts) and the
 * README documents. A route missing here cannot be served (a unit test checks both tables agree).
 *
 * - public: no token.
 * - self: any signed-in user acting on their own account (view-only users too).
 *   `duringPasswordChange`: also allowed while the user must still change an administrator-set password.
 * - read: any signed-in user of the organisation; `flag` narrows it.
 * - write: changes the organisation's data: refused to view-only users; `flag` is also required.
 * - mainAdmin: only the organisation's main administrator.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'self'; duringPasswordChange?: boolean }
  | { kind: 'read'; flag?: PermissionFlag }
  | { kind: 'write'; flag?: PermissionFlag }
  | { kind: 'mainAdmin' };

const pub = { kind: 'public' } as const;

export const routeAccess = {
  'GET /api/health': pub,
  'POST /api/probes': { kind: 'write' },
  'GET /api/probes/{id}': { kind: 'read' },

  'POST /api/auth/register': pub,
  'POST /api/auth/confirm': pub,
  'POST /api/auth/resend-code': pub,
  'POST /api/auth/login': pub,
  'POST /api/auth/refresh': pub,
  'POST /api/auth/forgot': pub,
  'POST /api/auth/reset': pub,
  'GET /api/auth/me': { kind: 'self', duringPasswordChange: true },
  'POST /api/auth/logout': { kind: 'self', duringPasswordChange: true },
  'POST /api/auth/first-password': { kind: 'self', duringPasswordChange: true },
  'POST /api/auth/change-password': { kind: 'self' },

  'GET /api/team': { kind: 'mainAdmin' },
  'POST /api/team': { kind: 'mainAdmin' },
  'POST /api/team/permissions': { kind: 'mainAdmin' },
} as const satisfies Record<string, RouteAccess>;

export type RouteKey = keyof typeof routeAccess;
