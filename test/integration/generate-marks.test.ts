import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { clients, cloud } from './helpers';
import { setRow } from './workspace-fixtures';

/**
 * Generate's 'generated' marks (domain/workspace/generate.ts): a row without a certificate id is
 * rendered under the id its run names (certUuidFor) and takes it with its mark, against the local
 * DynamoDB and S3. A mark refused because the row changed meanwhile is reported, and the PDF
 * under an id the row did not take is deleted; the PDF of a row's own id stays.
 */
type Store = typeof import('../../functions/src/domain/recipients/recipient-store');
type Transitions = typeof import('../../functions/src/domain/workspace/row-transitions');
type Generate = typeof import('../../functions/src/domain/workspace/generate');
type Blobs = typeof import('../../functions/src/adapters/blobs');
type Keys = typeof import('../../functions/src/domain/object-keys');
type Transaction = typeof import('../../functions/src/store/transaction');
let store: Store;
let transitions: Transitions;
let generate: Generate;
let blobs: Blobs;
let keys: Keys;
let transaction: Transaction;

beforeAll(async () => {
  // The store binds to the table of the environment it finds (as the engine tests do).
  Object.assign(process.env, cloud().functionEnv);
  store = await import('../../functions/src/domain/recipients/recipient-store');
  transitions = await import('../../functions/src/domain/workspace/row-transitions');
  generate = await import('../../functions/src/domain/workspace/generate');
  blobs = await import('../../functions/src/adapters/blobs');
  keys = await import('../../functions/src/domain/object-keys');
  transaction = await import('../../functions/src/store/transaction');
});

describe("generate's marks", () => {
  it('a row takes the run-named id with its mark; a refused mark is reported and an untaken PDF deleted', async () => {
    const orgId = `org-${randomUUID()}`;
    const cohortid = `MARKS-${randomUUID().slice(0, 6)}`;
    await store.putNewStudents(
      orgId,
      cohortid,
      'degree',
      Array.from({ length: 4 }, (_, i) => ({
        row: i + 2,
        studentid: `S${i}`,
        firstname: 'Row',
        middlename: '',
        lastname: String(i),
        email: `row${i}@example.com`,
        secondemail: '',
        extra: {},
      })),
    );
    for (const s of ['S0', 'S1', 'S2']) await setRow(orgId, cohortid, s, { status: 'PK received' });
    // S3 was generated before: it keeps its id.
    const kept = randomUUID();
    await setRow(orgId, cohortid, 'S3', { status: 'generated', certUuid: kept });
    const read = await store.listCohortRows(orgId, cohortid, 'degree');
    const runId = randomUUID();
    const rendered = read.map((r) => ({ ...r, certUuid: r.certUuid ?? transitions.certUuidFor(runId, r) }));
    expect(rendered[3]!.certUuid).toBe(kept);
    expect(new Set(rendered.map((r) => r.certUuid)).size).toBe(4);
    const pdfKey = (id: string) => keys.objectKeys.generated(orgId, id, 'pdf');
    for (const r of rendered)
      await blobs.putObject('artefacts', pdfKey(r.certUuid), 'PDF', 'application/pdf');

    // Meanwhile another run generated S1 under its own id, S2 was deleted, S3 went on to be issued.
    const other = transitions.certUuidFor(randomUUID(), rendered[1]!);
    await setRow(orgId, cohortid, 'S1', {
      status: 'generated',
      certUuid: other,
      generateRun: 'other',
    });
    await clients().dynamo.send(
      new DeleteCommand({
        TableName: cloud().resources.tableName,
        Key: { pk: `ORG#${orgId}#COH#${cohortid}`, sk: 'CT#degree#R#S2' },
      }),
    );
    await setRow(orgId, cohortid, 'S3', { status: 'Issuing' });

    const at = new Date().toISOString();
    const mark = (rows: typeof rendered) =>
      transaction.writeEachConditional(
        rows.map((r) => transitions.generatedMarking(r, r.certUuid, runId, at, 0)),
      );
    const marked = await mark(rendered);
    expect(marked).toEqual([true, false, false, false]);
    const refused = rendered.filter((_, i) => !marked[i]);
    expect(await generate.refusedMarks(runId, refused)).toEqual([
      'S1: changed while generating',
      'S2: the recipient no longer exists',
      'S3: changed while generating',
    ]);

    const after = new Map(
      (await store.listCohortRows(orgId, cohortid, 'degree')).map((r) => [r.studentid, r]),
    );
    expect(after.get('S0')).toMatchObject({
      status: 'generated',
      certUuid: rendered[0]!.certUuid,
      generateRun: runId,
    });
    expect(after.get('S1')).toMatchObject({ certUuid: other, generateRun: 'other' });
    const exists = async (id: string) => (await blobs.getObjectBytes('artefacts', pdfKey(id))) !== undefined;
    expect(await exists(rendered[0]!.certUuid)).toBe(true);
    expect(await exists(rendered[1]!.certUuid)).toBe(false);
    expect(await exists(rendered[2]!.certUuid)).toBe(false);
    expect(await exists(kept)).toBe(true);

    // The chunk delivered again: S0 is refused (this run marked it) and is no error; its PDF stays.
    expect(await mark([rendered[0]!])).toEqual([false]);
    expect(await generate.refusedMarks(runId, [rendered[0]!])).toEqual([]);
    expect(await exists(rendered[0]!.certUuid)).toBe(true);
  });
});
