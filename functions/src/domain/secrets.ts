import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { queryAll } from '../adapters/table';
import { seal, unseal, type Sealed } from '../adapters/envelope';

/**
 * Write-only secrets of an organisation (SMTP passwords, storage keys, payment keys, issuing keys).
 * Only ciphertext is stored; the API may say a secret is configured and show its last 4 characters
 * (`hint`), never more. Issuing private keys get no hint at all.
 */
const key = (orgId: string, name: string) => ({ pk: `ORG#${orgId}`, sk: `SECRET#${name}` });
const context = (orgId: string, name: string) => `${orgId}/${name}`;

export interface SecretStatus {
  configured: boolean;
  hint?: string;
}

export const putSecret = async (
  orgId: string,
  name: string,
  value: string,
  opts: { hint?: boolean } = { hint: true },
) => {
  const sealed = await seal(value, context(orgId, name));
  await dynamoClient().send(
    new PutCommand({
      TableName: functionConfig().tableName,
      Item: {
        ...key(orgId, name),
        type: 'secret',
        sealed,
        hint: opts.hint && value.length > 8 ? value.slice(-4) : undefined,
        updatedAt: new Date().toISOString(),
      },
    }),
  );
};

export const readSecret = async (orgId: string, name: string): Promise<string | undefined> => {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: functionConfig().tableName, Key: key(orgId, name) }),
  );
  return out.Item ? unseal(out.Item.sealed as Sealed, context(orgId, name)) : undefined;
};

export const secretStatus = async (orgId: string, name: string): Promise<SecretStatus> => {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: functionConfig().tableName,
      Key: key(orgId, name),
      ProjectionExpression: 'hint',
    }),
  );
  return out.Item
    ? { configured: true, ...(out.Item.hint ? { hint: String(out.Item.hint) } : {}) }
    : { configured: false };
};

export const deleteSecret = async (orgId: string, name: string) => {
  await dynamoClient().send(
    new DeleteCommand({ TableName: functionConfig().tableName, Key: key(orgId, name) }),
  );
};

/** The status of every secret whose name starts with `prefix`, in one query (hints only, no ciphertext). */
export const secretStatuses = async (orgId: string, prefix: string): Promise<Map<string, SecretStatus>> => {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':sk': `SECRET#${prefix}` },
    ProjectionExpression: 'sk, hint',
    ConsistentRead: true,
  });
  return new Map(
    items.map((item) => [
      String(item.sk).slice('SECRET#'.length),
      { configured: true, ...(item.hint ? { hint: String(item.hint) } : {}) },
    ]),
  );
};
