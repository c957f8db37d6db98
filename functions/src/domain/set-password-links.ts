import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { badRequest } from '@proofmark/shared/errors';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { isConditionalFailure } from '../adapters/table';
import { keys } from './keys';
import { getUser, updateUser, type UserRecord } from './users';

/** How long a mailed set-password link works. */
export const SET_PASSWORD_LINK_SECONDS = 72 * 60 * 60;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

const deleteLink = (tokenHash: string) =>
  dynamoClient().send(
    new DeleteCommand({ TableName: functionConfig().tableName, Key: keys.setPasswordLink(tokenHash) }),
  );

/**
 * A new set-password link for a user: 256 random bits, only its hash stored, expiring (DynamoDB TTL
 * plus our own check, since TTL deletion is lazy). The user's previous link stops working: its row
 * is deleted and the user row names only the newest hash.
 */
export const issueSetPasswordLink = async (user: UserRecord): Promise<string> => {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashOf(token);
  if (user.setPasswordLinkHash) await deleteLink(user.setPasswordLinkHash);
  await dynamoClient().send(
    new PutCommand({
      TableName: functionConfig().tableName,
      Item: {
        ...keys.setPasswordLink(tokenHash),
        orgId: user.orgId,
        userId: user.userId,
        expiresAt: nowSeconds() + SET_PASSWORD_LINK_SECONDS,
      },
    }),
  );
  await updateUser(user.orgId, user.userId, { setPasswordLinkHash: tokenHash });
  return `${functionConfig().appBaseUrl}/set-password?token=${token}`;
};

/**
 * Burns a link and answers its user. Of two concurrent redemptions only the one whose conditional
 * delete succeeds wins; an expired, used, replaced or unknown link is one and the same 400.
 */
export const redeemSetPasswordLink = async (token: string): Promise<UserRecord> => {
  const tokenHash = hashOf(token);
  const invalid = badRequest(accountMessages.setPasswordLinkInvalid);
  let link: Record<string, unknown> | undefined;
  try {
    const out = await dynamoClient().send(
      new DeleteCommand({
        TableName: functionConfig().tableName,
        Key: keys.setPasswordLink(tokenHash),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': nowSeconds() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    link = out.Attributes;
  } catch (err) {
    if (!isConditionalFailure(err)) throw err;
    await deleteLink(tokenHash);
    throw invalid;
  }
  const user = link ? await getUser(String(link.orgId), String(link.userId)) : undefined;
  // A removed member, or a link replaced since (belt and braces: the old row is deleted on reissue).
  if (!user || user.setPasswordLinkHash !== tokenHash) throw invalid;
  await updateUser(user.orgId, user.userId, { setPasswordLinkHash: '' });
  return user;
};
