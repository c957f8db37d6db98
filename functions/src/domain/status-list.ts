import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  Bitstring,
  buildStatusListCredential,
  MIN_STATUS_LIST_BITS,
} from '@proofmark/shared/blockcerts/index';
import { AppError, notFound } from '@proofmark/shared/errors';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { queryAll } from '../adapters/table';
import { keys } from './keys';
import { getOrg } from './users';
import { issuerUrls, publicKeys, publicUrl } from './public-urls';
import { statusCarryingCredential } from './revocations';

/**
 * W3C Bitstring Status Lists, two per organisation: "suspension" (hold / unhold) and "revocation".
 * Every credential gets one index, the same in both lists, at issuance. A list is itself a signed
 * credential (verifiers check its proof), so each change is anchored like a batch of one.
 * Revocation is also kept on the legacy revocation list of the issuer profile; the official
 * Blockcerts verifier reads only the status list when a credential names one.
 */
export type StatusPurpose = 'suspension' | 'revocation';
export const statusPurposes: StatusPurpose[] = ['suspension', 'revocation'];
/**
 * Two encodings of the same bits. 'blockcerts': no multibase prefix, Merkle-signed — what the
 * Blockcerts verifier reads, named by certificates. 'w3c': Bitstring Status List 1.0 exactly
 * (multibase 'u'), Merkle-anchored and eddsa-signed by the issuer's badge key — what Open Badges
 * verifiers read, named by badges. The Blockcerts verifier cannot decode the W3C form and the W3C
 * libraries refuse the Blockcerts form, so one document cannot serve both.
 */
export type StatusListForm = 'blockcerts' | 'w3c';
export const statusListUrl = (slug: string, purpose: StatusPurpose, form: StatusListForm = 'blockcerts') =>
  publicUrl(form === 'w3c' ? publicKeys.w3cStatusList(slug, purpose) : publicKeys.statusList(slug, purpose));

/** Reserves `count` consecutive indices of the organisation's list. */
export const allocateStatusIndices = async (orgId: string, count: number): Promise<number> => {
  const out = await dynamoClient().send(
    new UpdateCommand({
      TableName: functionConfig().tableName,
      Key: keys.org(orgId),
      UpdateExpression: 'ADD statusListNext :n',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':n': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const end = Number(out.Attributes?.statusListNext);
  if (end > MIN_STATUS_LIST_BITS) {
    throw new AppError(
      'conflict',
      `This organisation's status list is full (${MIN_STATUS_LIST_BITS} certificates); contact support.`,
    );
  }
  return end - count;
};

const holdKey = (orgId: string, credentialId: string) => ({ pk: `ORG#${orgId}`, sk: `HOLD#${credentialId}` });

/** Indices whose bit is set: held credentials for suspension, revoked ones for revocation. */
const setIndices = async (orgId: string, purpose: StatusPurpose): Promise<number[]> =>
  (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: {
        ':pk': `ORG#${orgId}`,
        ':sk': purpose === 'suspension' ? 'HOLD#' : 'REVOKED#',
      },
    })
  )
    .filter((i) => i.statusIndex !== undefined)
    .map((i) => Number(i.statusIndex));

/** The list as it should be now, unsigned. */
export const currentStatusList = async (
  orgId: string,
  purpose: StatusPurpose,
  form: StatusListForm = 'blockcerts',
) => {
  const org = await getOrg(orgId);
  if (!org) throw notFound('No such organisation.');
  const bits = new Bitstring(MIN_STATUS_LIST_BITS);
  for (const i of await setIndices(orgId, purpose)) bits.set(i, true);
  return buildStatusListCredential({
    url: statusListUrl(org.verifierSlug, purpose, form),
    issuerProfileUrl: issuerUrls(org).profile,
    statusPurpose: purpose,
    bits,
    validFrom: new Date(),
    // The Blockcerts verifier reads the list without the multibase prefix (see shared/src/blockcerts/NOTES.md).
    encode: { multibase: form === 'w3c' },
  });
};

/** Marks credentials held or not; the caller anchors a new list afterwards. Only the org's own credentials. */
export const setHeld = async (orgId: string, credentialIds: string[], held: boolean): Promise<void> => {
  // Every one is checked before any changes: a refusal changes nothing.
  const issued = [];
  for (const id of credentialIds) issued.push(await statusCarryingCredential(orgId, id, 'suspension'));
  for (const [n, id] of credentialIds.entries()) {
    const cred = { Item: issued[n]! };
    if (held) {
      await dynamoClient().send(
        new PutCommand({
          TableName: functionConfig().tableName,
          Item: {
            ...holdKey(orgId, id),
            statusIndex: cred.Item.statusIndex,
            heldAt: new Date().toISOString(),
          },
        }),
      );
    } else {
      await dynamoClient().send(
        new DeleteCommand({ TableName: functionConfig().tableName, Key: holdKey(orgId, id) }),
      );
    }
  }
};
