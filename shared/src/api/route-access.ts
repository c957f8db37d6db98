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
  // The set-password link of an invitation or an administrator's reset: the token is the proof.
  'POST /api/auth/set-password': pub,
  'GET /api/auth/me': { kind: 'self', duringPasswordChange: true },
  'POST /api/auth/logout': { kind: 'self', duringPasswordChange: true },
  'POST /api/auth/first-password': { kind: 'self', duringPasswordChange: true },
  'POST /api/auth/change-password': { kind: 'self' },

  // Issuing keys belong to the whole organisation: only its main administrator makes them.
  'POST /api/keys': { kind: 'mainAdmin' },
  'GET /api/keys': { kind: 'read' },
  'GET /api/keys/estimate': { kind: 'read' },
  // The Open Badges signing key (published in the issuer profile): retire it and start the next.
  'POST /api/keys/badge/rotate': { kind: 'mainAdmin' },
  // Issuing, revoking, holding and unholding have one API each, the workspace's (/api/workspace/*),
  // with its checks, debit and row updates; a batch is only read here (e.g. a status-list edition).
  'GET /api/batches/{id}': { kind: 'read' },
  // Transaction receipts of the Setting tab: the organisation's anchoring transactions.
  'GET /api/transactions': { kind: 'read' },
  // The Blockcerts Wallet posts here with the one-time code; it has no account.
  'POST /api/public/issuers/{slug}/introduce': pub,

  'GET /api/team': { kind: 'mainAdmin' },
  'POST /api/team': { kind: 'mainAdmin' },
  'POST /api/team/permissions': { kind: 'mainAdmin' },
  'POST /api/team/deactivate': { kind: 'mainAdmin' },
  'POST /api/team/reactivate': { kind: 'mainAdmin' },
  'POST /api/team/remove': { kind: 'mainAdmin' },
  'POST /api/team/resend-invitation': { kind: 'mainAdmin' },
  'POST /api/team/reset-password': { kind: 'mainAdmin' },

  // Settings (MyProfile). Reading is open to every user of the organisation (secrets never come
  // back). Saving needs the "change profile" (changelogo) flag; the blocks that hold mail, storage or
  // payment credentials or send the organisation's files elsewhere are main-administrator-only,
  // checked per key in functions/src/domain/profile.ts (shared/src/settings/rules.ts mainAdminOnlyKeys)
  // because updateProfile is one call. Test connection, test email and the Office 365 token use
  // those credentials and reach outside servers: main administrator only.
  'GET /api/profile': { kind: 'read' },
  'POST /api/profile': { kind: 'write', flag: 'changelogo' },
  'GET /api/profile/partners': { kind: 'read' },
  'POST /api/profile/logo': { kind: 'write', flag: 'changelogo' },
  'GET /api/profile/logo': { kind: 'read' },
  'POST /api/profile/signature': { kind: 'write', flag: 'changelogo' },
  'GET /api/profile/signature': { kind: 'read' },
  'POST /api/profile/test-storage': { kind: 'mainAdmin' },
  'POST /api/profile/test-mail': { kind: 'mainAdmin' },
  'POST /api/profile/office365-token': { kind: 'mainAdmin' },

  // Recipients and cohorts (ManageStudents; shared/src/api/recipients.ts).
  'GET /api/cohorts': { kind: 'read' },
  'POST /api/cohorts': { kind: 'write', flag: 'uploadmember' },
  'GET /api/recipients': { kind: 'read' },
  'POST /api/recipients/update': { kind: 'write', flag: 'managemember' },
  'POST /api/recipients/delete': { kind: 'write', flag: 'managemember' },
  'POST /api/recipients/copy-email-as-key': { kind: 'write', flag: 'managemember' },
  'GET /api/recipients/photo': { kind: 'read' },
  'GET /api/recipients/document': { kind: 'read' },
  'GET /api/recipients/sample-sheet': { kind: 'read' },
  'POST /api/uploads': { kind: 'write', flag: 'uploadmember' },
  'GET /api/uploads/{id}': { kind: 'read' },
  'POST /api/uploads/{id}/import': { kind: 'write', flag: 'uploadmember' },
  'POST /api/invitations/preview': { kind: 'read', flag: 'previewinviteemail' },
  'POST /api/invitations': { kind: 'write', flag: 'sendinvite' },
  'GET /api/programmes': { kind: 'read' },
  'POST /api/programmes/import': { kind: 'write', flag: 'uploadmember' },

  // Issuance workspace (ManageCertificate) and approval screen (shared/src/api/workspace.ts).
  'GET /api/workspace': { kind: 'read' },
  'GET /api/workspace/runs': { kind: 'read' },
  'GET /api/workspace/runs/{id}': { kind: 'read' },
  'POST /api/workspace/generate': { kind: 'write', flag: 'generatecertificate' },
  'POST /api/workspace/preview': { kind: 'read', flag: 'previewcertificate' },
  'POST /api/workspace/validate': { kind: 'write', flag: 'validate' },
  'POST /api/workspace/review': { kind: 'write', flag: 'managecertificate' },
  'POST /api/workspace/reset': { kind: 'write', flag: 'managecertificate' },
  'GET /api/balance': { kind: 'read' },
  'POST /api/balance/top-up': { kind: 'write', flag: 'issuecertificate' },
  'POST /api/workspace/issue': { kind: 'write', flag: 'issuecertificate' },
  'POST /api/workspace/bake': { kind: 'write', flag: 'issuecertificate' },
  'POST /api/workspace/revoke': { kind: 'write', flag: 'issuecertificate' },
  'POST /api/workspace/hold': { kind: 'write', flag: 'managecertificate' },
  'POST /api/workspace/unhold': { kind: 'write', flag: 'managecertificate' },
  'GET /api/approvals': { kind: 'read' },
  'POST /api/approvals': { kind: 'write', flag: 'managecertificate' },
  'POST /api/workspace/send': { kind: 'write', flag: 'sendcertificate' },
  'POST /api/workspace/download': { kind: 'read' },
  'POST /api/workspace/download-zip': { kind: 'read' },

  // The public verifier page: read-only chain lookups for the browser, and the verification record.
  'POST /api/public/chain/{network}': pub,
  'POST /api/public/verifications': pub,
} as const satisfies Record<string, RouteAccess>;

export type RouteKey = keyof typeof routeAccess;
