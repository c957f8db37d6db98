import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { notFound } from '@proofmark/shared/errors';
import { dynamoClient } from '../adapters/aws';
import { env } from '../adapters/env';
import { isConditionalFailure } from '../adapters/table';
import { publishIssuerDocuments, revocationKey } from './public-docs';

/** Which credentials an organisation issued: written when a batch is published. */
export const credentialKey = (orgId: string, credentialId: string) => ({
  pk: `ORG#${orgId}`,
  sk: `CRED#${credentialId}`,
});

export const recordIssuedCredentials = async (
  orgId: string,
  batchId: string,
  credentialIds: string[],
  statusIndexStart: number,
) => {
  for (let i = 0; i < credentialIds.length; i += 25) {
    await dynamoClient().send(
      new BatchWriteCommand({
        RequestItems: {
          [env.tableName()]: credentialIds.slice(i, i + 25).map((id, j) => ({
            PutRequest: {
              Item: {
                ...credentialKey(orgId, id),
                type: 'credential',
                credentialId: id,
                batchId,
                statusIndex: statusIndexStart + i + j,
              },
            },
          })),
        },
      }),
    );
  }
};

/** Revoking is irreversible: the id goes on the legacy revocation list here; the caller anchors the revocation status list. */
export const revokeCredentials = async (
  orgId: string,
  credentialIds: string[],
  reason: string,
): Promise<void> => {
  const issued = [];
  for (const id of credentialIds) {
    const out = await dynamoClient().send(
      new GetCommand({ TableName: env.tableName(), Key: credentialKey(orgId, id) }),
    );
    if (!out.Item) throw notFound(`No issued credential ${id}.`);
    issued.push(out.Item);
  }
  const revokedAt = new Date().toISOString();
  for (const cred of issued) {
    const id = String(cred.credentialId);
    await dynamoClient()
      .send(
        new PutCommand({
          TableName: env.tableName(),
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
