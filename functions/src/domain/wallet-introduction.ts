import { randomBytes } from 'node:crypto';
import { PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '@proofmark/shared/errors';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { orgIdBySlug } from './users';

/**
 * The Blockcerts Wallet introduction: a recipient's wallet posts its address with the one-time code
 * from the invitation. The code is single-use and bound to one recipient row; on success the row
 * gets the address and the status 'PK received'.
 */
export const RECIPIENT_PREFIX = 'ecdsa-koblitz-pubkey:';
const otcKey = (code: string) => ({ pk: `OTC#${code}`, sk: 'OTC' });

const invalidNonce = () => new AppError('bad_request', 'Invalid nonce');

/** Ethereum (0x + 40 hex) or Bitcoin (base58 or bech32) addresses, with or without the prefix. */
export const normaliseWalletAddress = (raw: string): string | undefined => {
  const address = raw.trim().replace(new RegExp(`^${RECIPIENT_PREFIX}`), '');
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return address;
  if (
    /^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$/.test(address) ||
    /^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)
  )
    return address;
  return undefined;
};

/** Binds a fresh code to a recipient row (`pk`/`sk` of the row, which must be the org's). */
export const issueOneTimeCode = async (
  orgId: string,
  recipient: { pk: string; sk: string },
): Promise<string> => {
  const code = randomBytes(16).toString('base64url');
  await dynamoClient().send(
    new PutCommand({
      TableName: functionConfig().tableName,
      Item: {
        ...otcKey(code),
        orgId,
        recipientPk: recipient.pk,
        recipientSk: recipient.sk,
        createdAt: new Date().toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return code;
};

export const introduceWallet = async (slug: string, nonce: string, rawAddress: string): Promise<void> => {
  const address = normaliseWalletAddress(rawAddress);
  const orgId = await orgIdBySlug(slug);
  if (!address || !orgId) throw invalidNonce();
  const otc = await dynamoClient().send(
    new QueryCommand({
      TableName: functionConfig().tableName,
      KeyConditionExpression: 'pk = :pk AND sk = :sk',
      ExpressionAttributeValues: { ':pk': otcKey(nonce).pk, ':sk': 'OTC' },
      ConsistentRead: true,
    }),
  );
  const item = otc.Items?.[0];
  // A code of another organisation is as invalid as no code at all.
  if (!item || item.orgId !== orgId || item.usedAt) throw invalidNonce();
  try {
    await dynamoClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: functionConfig().tableName,
              Key: otcKey(nonce),
              UpdateExpression: 'SET usedAt = :now',
              ConditionExpression: 'attribute_not_exists(usedAt) AND orgId = :org',
              ExpressionAttributeValues: { ':now': new Date().toISOString(), ':org': orgId },
            },
          },
          {
            Update: {
              TableName: functionConfig().tableName,
              Key: { pk: item.recipientPk, sk: item.recipientSk },
              UpdateExpression: 'SET publicKey = :addr, #status = :status',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':addr': address, ':status': 'PK received' },
            },
          },
        ],
      }),
    );
  } catch (err) {
    if ((err as { name?: string }).name === 'TransactionCanceledException') throw invalidNonce();
    throw err;
  }
};
