import { noPermissions, type Permissions } from '@proofmark/shared/accounts/permissions';
import { organisations } from '../../store/organisations';
import { rowsWrittenBeforeEntities as earlierRows } from '../../store/table';
import { users } from '../../store/users';

export interface UserRecord {
  orgId: string;
  userId: string;
  email: string;
  fname: string;
  lname: string;
  job_title: string;
  created_at: string;
  isMainAdmin: boolean;
  permissions: Permissions;
  /** Set until the user confirms their email (registration only). */
  emailConfirmed: boolean;
  /** Set when an administrator chose the password: the user must choose a new one first. */
  mustChangePassword: boolean;
  /** Set by the main administrator: every call is refused (403) and sign-in too, until reactivated. */
  deactivated?: boolean;
  /** Invited and has not set a password through the mailed link yet. */
  invitationPending?: boolean;
  /** Hash of the one set-password link that works for this user ('' when none): a new link retires the old. */
  setPasswordLinkHash?: string;
  /** Tokens issued at or before this second (epoch) are refused: set by logout. */
  tokensRevokedAt?: number;
  lastLoginAt?: string;
  /** As API Gateway saw it. */
  lastLoginIp?: string;
}

export interface OrgRecord {
  orgId: string;
  name: string;
  url: string;
  verifierSlug: string;
  created_at: string;
  graduates_members: string;
  how_did_you_find_us: string;
}

/** The user's row as a transaction write (registration and team invitations create it with other rows). */
export const userPut = (u: UserRecord) => users().create(u).params();

/** A flag added after a user's row was written (e.g. `billing`) reads as off. */
const withEveryFlag = (u: UserRecord): UserRecord => ({
  ...u,
  permissions: { ...noPermissions(), ...u.permissions },
});

export const getUser = async (orgId: string, userId: string): Promise<UserRecord | undefined> => {
  const out = await users()
    .get({ orgId, userId })
    .go({ consistent: true, ...earlierRows });
  return out.data ? withEveryFlag(out.data as UserRecord) : undefined;
};

/** Emails are unique across organisations (one Cognito pool), so this finds at most one user. */
export const findUserByEmail = async (email: string): Promise<UserRecord | undefined> => {
  const out = await users()
    .query.byEmail({ email })
    .go({ limit: 1, ...earlierRows });
  const item = out.data[0];
  // The index is eventually consistent: read the row itself for current flags.
  return item ? getUser(item.orgId, item.userId) : undefined;
};

export const listUsers = async (orgId: string): Promise<UserRecord[]> =>
  (
    await users()
      .query.byId({ orgId })
      .go({ pages: 'all', ...earlierRows })
  ).data.map((u) => withEveryFlag(u as UserRecord));

export const getOrg = async (orgId: string): Promise<OrgRecord | undefined> => {
  const out = await organisations().get({ orgId }).go(earlierRows);
  return (out.data as OrgRecord | null) ?? undefined;
};

/** The organisation whose verifier address (slug) this is; undefined when none. */
export const orgIdBySlug = async (slug: string): Promise<string | undefined> => {
  const out = await organisations()
    .query.byVerifierSlug({ verifierSlug: slug })
    .go({ limit: 1, ...earlierRows });
  return out.data[0]?.orgId;
};

/** Sets some top-level attributes of an existing user (never creates one). */
export const updateUser = async (
  orgId: string,
  userId: string,
  changes: Partial<Omit<UserRecord, 'orgId' | 'userId' | 'email'>>,
) => {
  await users().patch({ orgId, userId }).set(changes).go();
};

/** Deletes a user's row (the email index lives on the same item, so it goes with it). */
export const deleteUser = async (orgId: string, userId: string) => {
  await users().delete({ orgId, userId }).go();
};
