import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { badRequest, notFound } from '@proofmark/shared/errors';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { isConditionalFailure } from '../adapters/table';
import { publishIssuerDocuments, revocationKey } from './public-docs';

/** Which credentials an organisation issued: written when a batch is published. */
export const credentialKey = (orgId: string, credentialId: string) => ({
  pk: `ORG#${orgId}`,
  sk: `CRED#${credentialId}`,
});

/** Which status lists a credential names: certificates both, badges revocation only (OB 3.0 allows one entry). */
export type StatusPurposeName = 'suspension' | 'revocation';

export const recordIssuedCredentials = async (
  orgId: string,
  batchId: string,
  credentialIds: string[],
  statusIndexStart: number,
  statusPurposes: StatusPurposeName[],
) => {
  for (let i = 0; i < credentialIds.length; i += 25) {
    await dynamoClient().send(
      new BatchWriteCommand({
        RequestItems: {
          [functionConfig().tableName]: credentialIds.slice(i, i + 25).map((id, j) => ({
            PutRequest: {
              Item: {
                ...credentialKey(orgId, id),
                type: 'credential',
                credentialId: id,
                batchId,
                statusIndex: statusIndexStart + i + j,
                statusPurposes,
              },
            },
          })),
        },
      }),
    );
  }
};

const purposeWord = { revocation: 'revoked', suspension: 'held' } as const;

/**
 * The issued credential, if its published document carries a status entry of that purpose. One
 * without (a badge baked before badges had status entries, or a badge asked to be held) cannot be
 * revoked or held: its index would be nobody's, or somebody else's.
 */
export const statusCarryingCredential = async (
  orgId: string,
  credentialId: string,
  purpose: StatusPurposeName,
): Promise<Record<string, unknown> & { statusIndex: number }> => {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: functionConfig().tableName, Key: credentialKey(orgId, credentialId) }),
  );
  if (!out.Item) throw notFound(`No issued credential ${credentialId}.`);
  let purposes = out.Item.statusPurposes as StatusPurposeName[] | undefined;
  if (!purposes) {
    // Recorded before credentials named their purposes: certificates had both entries, badges none.
    const batch = await dynamoClient().send(
      new GetCommand({
        TableName: functionConfig().tableName,
        Key: { pk: `ORG#${orgId}`, sk: `BATCH#${String(out.Item.batchId)}` },
        ProjectionExpression: '#f',
        ExpressionAttributeNames: { '#f': 'format' },
      }),
    );
    purposes = batch.Item?.format === 'openbadge' ? [] : ['suspension', 'revocation'];
  }
  if (!purposes.includes(purpose) || out.Item.statusIndex === undefined) {
    throw badRequest(
      `The credential ${credentialId} carries no ${purpose} status entry, so it cannot be ${purposeWord[purpose]}` +
        (purpose === 'suspension' && purposes.includes('revocation') ? ' (it can be revoked).' : '.'),
    );
  }
  return out.Item as Record<string, unknown> & { statusIndex: number };
};

/** Revoking is irreversible: the id goes on the legacy revocation list here; the caller anchors the revocation status list. */
export const revokeCredentials = async (
  orgId: string,
  credentialIds: string[],
  reason: string,
): Promise<void> => {
  // Every one is checked before any is revoked: a refusal changes nothing.
  const issued = [];
  for (const id of credentialIds) issued.push(await statusCarryingCredential(orgId, id, 'revocation'));
  const revokedAt = new Date().toISOString();
  for (const cred of issued) {
    const id = String(cred.credentialId);
    await dynamoClient()
      .send(
        new PutCommand({
          TableName: functionConfig().tableName,
          Item: {
            ...revocationKey(orgId, id),
            type: 'revocation',
            credentialId: id,
            statusIndex: cred.statusIndex,
            reason,
            revokedAt,
          },
          // Revoking twice keeps the first reason and time.
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      )
      .catch((err) => {
        if (!isConditionalFailure(err)) throw err;
      });
  }
  await publishIssuerDocuments(orgId);
};
