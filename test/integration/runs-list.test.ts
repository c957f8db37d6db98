import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunList, RunView } from '@proofmark/shared/contract/workspace';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { api, clients, cloud } from './helpers';
import { registeredAdmin } from './accounts';
import { storeOf } from './store-fixtures';
import { addStudents, toPkReceived } from './workspace-fixtures';

type Admin = Awaited<ReturnType<typeof registeredAdmin>>;

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** Writes a run record as the jobs leave it (states and ages no API call can pick). */
const putRun = async (orgId: string, run: Partial<RunView> & Pick<RunView, 'state' | 'createdAt'>) => {
  const id = run.id ?? randomUUID();
  const { runs } = await storeOf();
  await runs()
    .put({
      orgId,
      id,
      kind: 'generate',
      total: 3,
      done: 0,
      failed: 0,
      errors: [],
      message: '',
      updatedAt: run.createdAt,
      ...run,
    })
    .go();
  return id;
};

const list = (admin: Admin, query = '') =>
  api<RunList>('GET', `/api/workspace/runs${query}`, { token: admin.token });

describe('GET /api/workspace/runs: the progress of long work survives a reload', () => {
  let admin: Admin;
  let other: Admin;
  beforeAll(async () => {
    [admin, other] = await Promise.all([registeredAdmin(), registeredAdmin()]);
  });

  it('lists running and recently finished runs (with their errors) newest first, not old finished ones', async () => {
    const running = await putRun(admin.orgId, { state: 'running', done: 1, createdAt: minutesAgo(3) });
    const failed = await putRun(admin.orgId, {
      state: 'failed',
      kind: 'send',
      failed: 2,
      errors: ['S1: no email address', 'S2: no email address'],
      message: 'The work stopped with errors.',
      createdAt: minutesAgo(2),
      updatedAt: minutesAgo(1),
    });
    const longAgo = await putRun(admin.orgId, {
      state: 'done',
      done: 3,
      createdAt: minutesAgo(3 * 24 * 60),
      updatedAt: minutesAgo(3 * 24 * 60 - 5),
    });
    // A scheduled issuance made long ago is still unfinished work.
    const scheduled = await putRun(admin.orgId, {
      state: 'scheduled',
      kind: 'issue',
      createdAt: minutesAgo(2 * 24 * 60),
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });

    const res = await list(admin);
    expect(res.status).toBe(200);
    const runs = res.body.Data!.runs;
    expect(runs.map((r) => r.id)).toEqual([failed, running, scheduled]);
    expect(runs.map((r) => r.id)).not.toContain(longAgo);
    expect(runs[0]).toMatchObject({
      state: 'failed',
      kind: 'send',
      failed: 2,
      errors: ['S1: no email address', 'S2: no email address'],
    });
    expect(runs[1]).toMatchObject({ state: 'running', done: 1, total: 3 });
    expect(runs[0]).not.toHaveProperty('orgId');
  });

  it('lists a run a generate call started', async () => {
    await addStudents(admin, 'RUNS-1', [{ id: 'R1' }]);
    await toPkReceived(admin, ['RUNS-1=R1']);
    const started = await api<RunView>('POST', '/api/workspace/generate', {
      token: admin.token,
      body: { selectedItems: ['RUNS-1=R1'], certtype: 'degree' },
    });
    expect(started.status).toBe(202);
    const runs = (await list(admin)).body.Data!.runs;
    expect(runs[0]).toMatchObject({ id: started.body.Data!.id, kind: 'generate', total: 1 });
  });

  it("never lists another organisation's runs, nor answers one by its id", async () => {
    const mine = (await list(admin)).body.Data!.runs;
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await list(other);
    expect(theirs.status).toBe(200);
    expect(theirs.body.Data!.runs).toEqual([]);
    expect((await api('GET', `/api/workspace/runs/${mine[0]!.id}`, { token: other.token })).status).toBe(404);
  });

  it('bounds the page: 20 by default, at most 50, the newest kept', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 25; i++)
      ids.push(await putRun(other.orgId, { state: 'queued', createdAt: minutesAgo(100 - i) }));
    const byDefault = (await list(other)).body.Data!.runs;
    expect(byDefault).toHaveLength(20);
    const three = (await list(other, '?limit=3')).body.Data!.runs;
    expect(three.map((r) => r.id)).toEqual(ids.slice(-3).reverse());
    expect((await list(other, '?limit=51')).status).toBe(400);
    expect((await list(other, '?limit=0')).status).toBe(400);
  });

  it('lists and answers a run written before the store layer (no entity marker)', async () => {
    const fresh = await registeredAdmin();
    const id = randomUUID();
    const at = minutesAgo(1);
    await clients().dynamo.send(
      new PutCommand({
        TableName: cloud().resources.tableName,
        Item: {
          pk: `ORG#${fresh.orgId}`,
          sk: `RUN#${id}`,
          type: 'run',
          orgId: fresh.orgId,
          id,
          kind: 'send',
          state: 'running',
          total: 2,
          done: 1,
          failed: 0,
          errors: [],
          message: '',
          createdAt: at,
          updatedAt: at,
        },
      }),
    );
    expect((await list(fresh)).body.Data!.runs.map((r) => r.id)).toEqual([id]);
    const one = await api<RunView>('GET', `/api/workspace/runs/${id}`, { token: fresh.token });
    expect(one.body.Data).toMatchObject({ id, state: 'running', done: 1, total: 2 });
  });
});
