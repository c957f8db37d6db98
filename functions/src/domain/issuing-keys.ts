import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Wallet } from 'ethers';
import { notFound } from '@proofmark/shared/errors';
import type { IssuingKey } from '@proofmark/shared/blockcerts/index';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { isConditionalFailure } from '../adapters/table';
import { putSecret, readSecret } from './secrets';
import { bitcoinAddressOf, fundNewAddressOnDevChain } from '../adapters/chain/deployment-chains';
import type { Blockchain } from './chains';

/**
 * Issuing keys, per organisation and chain. The private key is sealed in the secrets store the
 * moment it is made and is only ever read by the anchoring job; no API returns it. Generating a
 * new key retires the previous one (it stays in the issuer profile with `revoked`, so certificates
 * anchored before remain valid) and gets a new verification-method fragment.
 */
export interface IssuingKeyRecord {
  orgId: string;
  chain: Blockchain;
  fragment: string;
  address: string;
  publicKeyHex: string;
  created: string;
  revoked?: string;
}

const keyKey = (orgId: string, chain: Blockchain, fragment: string) => ({
  pk: `ORG#${orgId}`,
  sk: `KEY#${chain}#${fragment}`,
});
const secretName = (chain: Blockchain, fragment: string) => `issuing-key/${chain}/${fragment}`;

export const listIssuingKeys = async (orgId: string, chain?: Blockchain): Promise<IssuingKeyRecord[]> => {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: functionConfig().tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':sk': chain ? `KEY#${chain}#` : 'KEY#' },
      ConsistentRead: true,
    }),
  );
  return ((out.Items ?? []) as IssuingKeyRecord[]).sort((a, b) => a.created.localeCompare(b.created));
};

export const activeIssuingKey = async (
  orgId: string,
  chain: Blockchain,
): Promise<IssuingKeyRecord | undefined> =>
  (await listIssuingKeys(orgId, chain)).filter((k) => !k.revoked).at(-1);

export const generateIssuingKey = async (orgId: string, chain: Blockchain): Promise<IssuingKeyRecord> => {
  const existing = await listIssuingKeys(orgId, chain);
  // Fragments share one namespace in the issuer profile: Bitcoin keys get their own prefix.
  const fragment = `${chain === 'ethereum' ? 'key' : 'btc-key'}-${existing.length + 1}`;
  const wallet = Wallet.createRandom();
  // One second in the past: verifiers require the key to exist strictly before its first anchoring block.
  const created = new Date(Date.now() - 1000).toISOString();
  const record: IssuingKeyRecord = {
    orgId,
    chain,
    fragment,
    // Both chains use secp256k1 keys; only the address format differs.
    address: chain === 'ethereum' ? wallet.address : await bitcoinAddressOf(wallet.privateKey),
    publicKeyHex: wallet.signingKey.publicKey,
    created,
  };

  await putSecret(orgId, secretName(chain, fragment), wallet.privateKey, { hint: false });
  await dynamoClient().send(
    new PutCommand({
      TableName: functionConfig().tableName,
      Item: { ...keyKey(orgId, chain, fragment), type: 'issuing-key', ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  for (const old of existing.filter((k) => !k.revoked)) {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: functionConfig().tableName,
        Key: keyKey(orgId, chain, old.fragment),
        UpdateExpression: 'SET revoked = :now',
        ExpressionAttributeValues: { ':now': created },
      }),
    );
  }
  await fundNewAddressOnDevChain(chain, wallet.address);
  return record;
};

/**
 * The next EVM nonce of a key. Two batches signed at once from one address must not share a nonce
 * (one would never be mined), so nonces are handed out by a conditional counter on the key's row,
 * never below what the chain has already seen from the address.
 */
export const allocateNonce = async (key: IssuingKeyRecord, chainCount: number): Promise<number> => {
  for (;;) {
    const out = await dynamoClient().send(
      new GetCommand({
        TableName: functionConfig().tableName,
        Key: keyKey(key.orgId, key.chain, key.fragment),
        ConsistentRead: true,
      }),
    );
    const stored = out.Item?.nextNonce as number | undefined;
    const nonce = Math.max(stored ?? 0, chainCount);
    try {
      await dynamoClient().send(
        new UpdateCommand({
          TableName: functionConfig().tableName,
          Key: keyKey(key.orgId, key.chain, key.fragment),
          UpdateExpression: 'SET nextNonce = :next',
          ConditionExpression:
            stored === undefined ? 'attribute_not_exists(nextNonce)' : 'nextNonce = :stored',
          ExpressionAttributeValues: {
            ':next': nonce + 1,
            ...(stored === undefined ? {} : { ':stored': stored }),
          },
        }),
      );
      return nonce;
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
  }
};

/** For the anchoring job only. */
export const issuingPrivateKey = async (key: IssuingKeyRecord): Promise<string> => {
  const value = await readSecret(key.orgId, secretName(key.chain, key.fragment));
  if (!value) throw notFound(`The private key of ${key.address} is missing`);
  return value;
};

/** The profile's view of the keys. */
export const profileKeys = (keys: IssuingKeyRecord[]): IssuingKey[] =>
  keys.map((k) => ({
    fragment: k.fragment,
    publicKey: k.publicKeyHex.replace(/^0x/, ''),
    created: k.created,
    ...(k.chain === 'bitcoin' ? { address: k.address } : {}),
    ...(k.revoked ? { revoked: k.revoked } : {}),
  }));
