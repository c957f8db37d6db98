import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { conflict } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { dynamoClient } from '../adapters/aws-dynamo';
import { env } from '../adapters/env';
import { createIdentity, deleteIdentity } from '../adapters/identity';
import { keys } from './keys';
import { findUserByEmail, userItem, type UserRecord } from './users';

/**
 * Creates a user as one unit: the Cognito identity first, then its rows — the user, the email
 * guard and any `extraItems` (a new organisation) — in one transaction. If the transaction fails the
 * identity is deleted again, so a failure half way leaves neither behind. `build` gets the new
 * user's id (Cognito's `sub`).
 */
export const createUserWithIdentity = async (
  identity: { email: string; password: string; orgId: string; isAdmin: boolean },
  build: (userId: string) => { user: UserRecord; extraItems?: Record<string, unknown>[] },
): Promise<UserRecord> => {
  if (await findUserByEmail(identity.email)) throw conflict(accountMessages.emailTaken);
  const userId = await createIdentity(identity);
  const { user, extraItems = [] } = build(userId);
  const put = (Item: Record<string, unknown>) => ({
    Put: { TableName: env.tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  try {
    await dynamoClient().send(
      new TransactWriteCommand({
        TransactItems: [
          ...extraItems.map(put),
          put(userItem(user)),
          // Guards against two sign-ups with one email racing past the lookup above.
          put({ ...keys.emailGuard(identity.email), orgId: identity.orgId, userId }),
        ],
      }),
    );
  } catch (err) {
    await deleteIdentity(identity.email).catch((cleanupErr) =>
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'could not remove the Cognito user after its rows failed',
          email: identity.email,
          error: String(cleanupErr),
        }),
      ),
    );
    if ((err as { name?: string }).name === 'TransactionCanceledException')
      throw conflict(accountMessages.emailTaken);
    throw err;
  }
  return user;
};
