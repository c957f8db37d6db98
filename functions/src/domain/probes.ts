import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { notFound } from '@proofmark/shared/errors';
import type { CreateProbeRequest, Probe } from '@proofmark/shared/api/system';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { conditionHolds } from '../adapters/table';
import { enqueueJob } from '../adapters/queue';
import { getObjectText, putObject } from '../adapters/blobs';
import { keys, objectKeys } from './keys';

/** A probe exercises the whole asynchronous path once: table → queue → job → bucket. */
export const createProbe = async (orgId: string, input: CreateProbeRequest): Promise<Probe> => {
  const probe: Probe = {
    id: randomUUID(),
    note: input.note,
    state: 'queued',
    createdAt: new Date().toISOString(),
  };
  await dynamoClient().send(
    new PutCommand({
      TableName: functionConfig().tableName,
      Item: { ...keys.probe(orgId, probe.id), type: 'probe', ...probe },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  await enqueueJob('probe', { orgId, probeId: probe.id });
  return probe;
};

export const getProbe = async (orgId: string, probeId: string): Promise<Probe> => {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: functionConfig().tableName, Key: keys.probe(orgId, probeId) }),
  );
  if (!out.Item) throw notFound('No such probe.');
  const probe: Probe = {
    id: out.Item.id,
    note: out.Item.note,
    state: out.Item.state,
    createdAt: out.Item.createdAt,
  };
  if (probe.state === 'done') {
    const key = objectKeys.probeArtefact(orgId, probeId);
    probe.artefact = { key, body: (await getObjectText('artefacts', key)) ?? '' };
  }
  return probe;
};

/**
 * The job side. Idempotent: a redelivered message rewrites the same object and the state change is
 * conditional, so running it twice has the effect of running it once.
 */
export const completeProbe = async (orgId: string, probeId: string): Promise<'done' | 'already-done'> => {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: functionConfig().tableName, Key: keys.probe(orgId, probeId) }),
  );
  if (!out.Item) throw notFound(`Probe ${probeId} of ${orgId} does not exist`);
  if (out.Item.state === 'done') return 'already-done';
  const artefact = { probeId, note: out.Item.note, processedAt: new Date().toISOString() };
  await putObject(
    'artefacts',
    objectKeys.probeArtefact(orgId, probeId),
    JSON.stringify(artefact),
    'application/json',
  );
  const moved = await conditionHolds(
    dynamoClient().send(
      new UpdateCommand({
        TableName: functionConfig().tableName,
        Key: keys.probe(orgId, probeId),
        UpdateExpression: 'SET #s = :done',
        ConditionExpression: '#s = :queued',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':done': 'done', ':queued': 'queued' },
      }),
    ),
  );
  return moved ? 'done' : 'already-done';
};
