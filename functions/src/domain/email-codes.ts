import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { conditionHolds, isConditionalFailure } from '../adapters/table';
import { keys } from './keys';
import { clientExempt, takeOne, type Limit } from './rate-limits';

export type CodePurpose = 'confirm' | 'reset';

const VALID_SECONDS = 30 * 60;
export const MAX_ATTEMPTS = 5;
/** Codes one email may be sent, and codes one client may ask for, per window. */
export const CODES_PER_EMAIL: Limit = { max: 3, windowSeconds: 15 * 60 };
export const CODES_PER_CLIENT: Limit = { max: 10, windowSeconds: 15 * 60 };

const hash = (code: string) => createHash('sha256').update(code).digest();

/**
 * A six-digit code sent by email. Only its hash is stored; it expires (DynamoDB TTL plus our own
 * check, since TTL deletion is lazy), allows five tries in all, and works once. A new code replaces
 * the old, but only three are issued per email (and ten per client) in 15 minutes, so re-asking
 * cannot reset the tries of a code being guessed. Answers undefined when no code was issued; callers
 * give the same neutral answer either way.
 */
export const issueCode = async (
  purpose: CodePurpose,
  email: string,
  client?: string,
): Promise<string | undefined> => {
  if (client && !clientExempt(client) && !(await takeOne(`code-client#${client}`, CODES_PER_CLIENT)))
    return undefined;
  if (!(await takeOne(`code-email#${purpose}#${email}`, CODES_PER_EMAIL))) return undefined;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await dynamoClient().send(
    new PutCommand({
      TableName: functionConfig().tableName,
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

const burn = (key: ReturnType<typeof keys.code>) =>
  dynamoClient().send(new DeleteCommand({ TableName: functionConfig().tableName, Key: key }));

/**
 * One attempt = one atomic conditional update that counts it, before any comparison: of any number
 * of concurrent guesses at most five are compared; the attempt past the limit (or past expiry)
 * burns the code.
 */
export const redeemCode = async (purpose: CodePurpose, email: string, code: string): Promise<boolean> => {
  const key = keys.code(purpose, email);
  let item: Record<string, unknown> | undefined;
  try {
    const out = await dynamoClient().send(
      new UpdateCommand({
        TableName: functionConfig().tableName,
        Key: key,
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(codeHash) AND attempts < :max AND expiresAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_ATTEMPTS, ':now': Math.floor(Date.now() / 1000) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    item = out.Attributes;
  } catch (err) {
    if (!isConditionalFailure(err)) throw err;
    await burn(key);
    return false;
  }
  const codeHash = String(item?.codeHash ?? '');
  const matches = timingSafeEqual(Buffer.from(codeHash, 'hex'), hash(code));
  if (!matches) return false;
  // Single use: of two concurrent redemptions only the one that deletes it wins.
  return conditionHolds(
    dynamoClient().send(
      new DeleteCommand({
        TableName: functionConfig().tableName,
        Key: key,
        ConditionExpression: 'codeHash = :h',
        ExpressionAttributeValues: { ':h': codeHash },
      }),
    ),
  );
};
