import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Permissions } from '@proofmark/shared/accounts/permissions';
import { dynamoClient } from '../adapters/aws-dynamo';
import { env } from '../adapters/env';
import { queryAll, setExpression } from '../adapters/table';
import { keys } from './keys';

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

const fromItem = (item: Record<string, unknown>): UserRecord => item as unknown as UserRecord;

export const userItem = (u: UserRecord) => ({
  ...keys.user(u.orgId, u.userId),
  ...keys.userByEmail(u.email),
  type: 'user',
  ...u,
});

export const getUser = async (orgId: string, userId: string): Promise<UserRecord | undefined> => {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: env.tableName(), Key: keys.user(orgId, userId), ConsistentRead: true }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
};

/** Emails are unique across organisations (one Cognito pool), so this finds at most one user. */
export const findUserByEmail = async (email: string): Promise<UserRecord | undefined> => {
  const k = keys.userByEmail(email);
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: env.tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': k.gsi1pk, ':sk': k.gsi1sk },
    }),
  );
  const item = out.Items?.[0];
  // The index is eventually consistent: read the row itself for current flags.
  return item ? getUser(String(item.orgId), String(item.userId)) : undefined;
};

export const listUsers = (orgId: string): Promise<UserRecord[]> =>
  queryAll<UserRecord>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': keys.org(orgId).pk, ':sk': keys.userPrefix },
  });

export const getOrg = async (orgId: string): Promise<OrgRecord | undefined> => {
  const out = await dynamoClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.org(orgId) }));
  return out.Item as OrgRecord | undefined;
};

/** Sets some top-level attributes of an existing user (never creates one). */
export const updateUser = async (
  orgId: string,
  userId: string,
  changes: Partial<Omit<UserRecord, 'orgId' | 'userId' | 'email'>>,
) => {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: env.tableName(),
      Key: keys.user(orgId, userId),
      ...setExpression(changes),
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
};

/** Deletes a user's row (the email index lives on the same item, so it goes with it). */
export const deleteUser = async (orgId: string, userId: string) => {
  await dynamoClient().send(new DeleteCommand({ TableName: env.tableName(), Key: keys.user(orgId, userId) }));
};
