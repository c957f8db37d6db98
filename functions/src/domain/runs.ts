import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RECENT_RUN_HOURS, type RunKind, type RunView } from '@proofmark/shared/api/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { notFound } from '@proofmark/shared/errors';
import { dynamoClient } from '../adapters/aws-dynamo';
import { functionConfig } from '../adapters/function-config';
import { conditionHolds, setExpression } from '../adapters/table';

/**
 * A run is the progress record of one piece of long work of the workspace (generate, issue, bake,
 * send, download) or of a large invitation send (invite): the UI follows it while the job does the work. Counters only grow (ADD), so a
 * retried chunk that counts again is prevented by the job, not by the record: jobs count a row only
 * when their conditional write on that row succeeded.
 */
export interface RunRecord extends RunView {
  orgId: string;
}

const runKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}`, sk: `RUN#${id}` });
const MAX_ERRORS = 50;

export const createRun = async (
  orgId: string,
  kind: RunKind,
  total: number,
  extra: Partial<Pick<RunView, 'state' | 'message' | 'scheduledAt' | 'batchId'>> & { id?: string } = {},
): Promise<RunRecord> => {
  const now = new Date().toISOString();
  const run: RunRecord = {
    orgId,
    id: extra.id ?? randomUUID(),
    kind,
    state: extra.state ?? 'queued',
    total,
    done: 0,
    failed: 0,
    errors: [],
    message: extra.message ?? '',
    createdAt: now,
    updatedAt: now,
    ...(extra.scheduledAt ? { scheduledAt: extra.scheduledAt } : {}),
    ...(extra.batchId ? { batchId: extra.batchId } : {}),
  };
  await dynamoClient().send(
    new PutCommand({
      TableName: functionConfig().tableName,
      Item: { ...runKey(orgId, run.id), type: 'run', ...run },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return run;
};

/** False when a run with this id exists already (an idempotent request seen twice). */
export const createRunOnce = async (...args: Parameters<typeof createRun>): Promise<boolean> =>
  conditionHolds(createRun(...args));

export const findRun = async (orgId: string, id: string): Promise<RunRecord | undefined> => {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: functionConfig().tableName, Key: runKey(orgId, id), ConsistentRead: true }),
  );
  return out.Item as RunRecord | undefined;
};

export const getRun = async (orgId: string, id: string): Promise<RunRecord> => {
  const run = await findRun(orgId, id);
  if (!run) throw notFound(m.noSuchRun);
  return run;
};

const unfinishedStates: RunView['state'][] = ['scheduled', 'queued', 'running'];

/**
 * The organisation's unfinished runs and those finished in the last RECENT_RUN_HOURS, newest first,
 * at most `limit`: what a reloaded page shows. Run ids are not ordered by time, so the org's RUN#
 * records are read whole (the filter runs in the table, so only the few kept come back) and sorted here.
 */
export const listRuns = async (orgId: string, limit: number, now = new Date()): Promise<RunRecord[]> => {
  const since = new Date(now.getTime() - RECENT_RUN_HOURS * 3_600_000).toISOString();
  const kept: RunRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: functionConfig().tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :run)',
        FilterExpression: '#state IN (:s0, :s1, :s2) OR updatedAt >= :since',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':pk': `ORG#${orgId}`,
          ':run': 'RUN#',
          ':s0': unfinishedStates[0],
          ':s1': unfinishedStates[1],
          ':s2': unfinishedStates[2],
          ':since': since,
        },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    kept.push(...((out.Items ?? []) as RunRecord[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return kept.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
};

export const runView = (r: RunRecord): RunView => ({
  id: r.id,
  kind: r.kind,
  state: r.state,
  total: r.total,
  done: r.done,
  failed: r.failed,
  errors: r.errors ?? [],
  message: r.message,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  ...(r.batchId ? { batchId: r.batchId } : {}),
  ...(r.txId ? { txId: r.txId } : {}),
  ...(r.scheduledAt ? { scheduledAt: r.scheduledAt } : {}),
  ...(r.downloadUrl ? { downloadUrl: r.downloadUrl } : {}),
});

/** Counts finished rows (and failures with their reasons). */
export const countRun = async (
  orgId: string,
  id: string,
  counts: { done?: number; failed?: number; errors?: string[] },
) => {
  const errors = (counts.errors ?? []).slice(0, MAX_ERRORS);
  await dynamoClient().send(
    new UpdateCommand({
      TableName: functionConfig().tableName,
      Key: runKey(orgId, id),
      UpdateExpression:
        'ADD done :d, failed :f SET updatedAt = :now' +
        (errors.length ? ', errors = list_append(if_not_exists(errors, :none), :e)' : ''),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':d': counts.done ?? 0,
        ':f': counts.failed ?? 0,
        ':now': new Date().toISOString(),
        ...(errors.length ? { ':e': errors, ':none': [] } : {}),
      },
    }),
  );
};

/** Sets fields of the run (state, message, batchId, txId, downloadUrl…). */
export const updateRun = async (
  orgId: string,
  id: string,
  changes: Partial<Omit<RunRecord, 'orgId' | 'id' | 'kind' | 'createdAt'>>,
) => {
  const update = setExpression({ ...changes, updatedAt: new Date().toISOString() });
  await dynamoClient().send(
    new UpdateCommand({
      TableName: functionConfig().tableName,
      Key: runKey(orgId, id),
      ...update,
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
};

/** Ends the run once every row is counted (a chunk that finishes last does it; twice is harmless). */
export const finishRunIfComplete = async (orgId: string, runId: string, message: string) => {
  const run = await getRun(orgId, runId);
  if (run.state !== 'done' && run.done + run.failed >= run.total) {
    await updateRun(orgId, runId, { state: 'done', message });
  }
};
