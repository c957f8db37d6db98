import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../adapters/aws';
import { env } from '../adapters/env';
import { conditionHolds } from '../adapters/table';
import { keys } from './keys';

export type CodePurpose = 'confirm' | 'reset';

const VALID_SECONDS = 30 * 60;
const MAX_ATTEMPTS = 5;

const hash = (code: string) => createHash('sha256').update(code).digest();

/**
 * A six-digit code sent by email. Only its hash is stored; it expires (DynamoDB TTL plus our own
 * check, since TTL deletion is lazy), allows five wrong tries, and works once. A new code replaces the old.
 */
export const issueCode = async (purpose: CodePurpose, email: string): Promise<string> => {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await dynamoClient().send(
    new PutCommand({
      TableName: env.tableName(),
      Item: {
        ...keys.code(purpose, email),
        codeHash: hash(code).toString('hex'),
        attempts: 0,
        expiresAt: Math.floor(Date.now() / 1000) + VALID_SECONDS,
      },
    }),
  );
  return code;
};

export const redeemCode = async (purpose: CodePurpose, email: string, code: string): Promise<boolean> => {
  const key = keys.code(purpose, email);
  const out = await dynamoClient().send(
    new GetCommand({ TableName: env.tableName(), Key: key, ConsistentRead: true }),
  );
  const item = out.Item;
  if (!item || item.expiresAt < Date.now() / 1000 || item.attempts >= MAX_ATTEMPTS) return false;
  const matches = timingSafeEqual(Buffer.from(String(item.codeHash), 'hex'), hash(code));
  if (!matches) {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: env.tableName(),
        Key: key,
        UpdateExpression: 'ADD attempts :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    return false;
  }
  // Single use: of two concurrent redemptions only the one that deletes it wins.
  return conditionHolds(
    dynamoClient().send(
      new DeleteCommand({
        TableName: env.tableName(),
        Key: key,
        ConditionExpression: 'codeHash = :h',
        ExpressionAttributeValues: { ':h': item.codeHash },
      }),
    ),
  );
};
