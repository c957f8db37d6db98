import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { clients, cloud } from './helpers';
import { setRow } from './workspace-fixtures';

/**
 * Row writes made in transactions of up to 100 rows (store/transaction.ts writeEach), as the issue
 * request's claims, publishing, "copy email as key" and generate's marks make them: against the
 * local DynamoDB, each row is still written on its own condition — a row changed or deleted after
 * it was read is left alone and answered false — and every other row is written exactly once.
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

/** A cohort of `n` new rows (Invite pending) of a new organisation, as read back. */
const cohortOf = async (n: number) => {
  const orgId = `org-${randomUUID()}`;
  const cohortid = `BATCH-${randomUUID().slice(0, 6)}`;
  await store.putNewStudents(
    orgId,
    cohortid,
    'degree',
    Array.from({ length: n }, (_, i) => ({
      row: i + 2,
      studentid: `S${String(i).padStart(4, '0')}`,
      firstname: 'Row',
      middlename: '',
      lastname: String(i),
      email: `row${i}@example.com`,
      secondemail: '',
      extra: {},
    })),
  );
  const rows = await store.listCohortRows(orgId, cohortid, 'degree');
  expect(rows).toHaveLength(n);
  return { orgId, cohortid, rows };
};

const deleteRow = (orgId: string, cohortid: string, studentid: string) =>
  clients().dynamo.send(
    new DeleteCommand({
      TableName: cloud().resources.tableName,
      Key: { pk: `ORG#${orgId}#COH#${cohortid}`, sk: `CT#degree#R#${studentid}` },
    }),
  );

describe('row writes in transactions of 100', () => {
  it('moves 250 rows in three transactions each on its own condition: changed and deleted rows are left alone', async () => {
    const { orgId, cohortid, rows } = await cohortOf(250);
    // After the rows were read: some move on (in the first, second and last transaction), some go.
    const changed = [rows[3]!, rows[150]!, rows[249]!];
    const deleted = [rows[99]!, rows[100]!];
    for (const r of changed) await setRow(orgId, cohortid, r.studentid, { status: 'Issuing' });
    for (const r of deleted) await deleteRow(orgId, cohortid, r.studentid);

    const moved = await transitions.transitionRows(rows, ['Invite pending'], (r) => ({
      changes: { status: 'PK received', publicKey: `key-${r.studentid}` },
    }));

    const left = new Set([...changed, ...deleted].map((r) => r.studentid));
    expect(moved).toEqual(rows.map((r) => !left.has(r.studentid)));
    const after = new Map(
      (await store.listCohortRows(orgId, cohortid, 'degree')).map((r) => [r.studentid, r]),
    );
    // A deleted row is not written back into existence.
    expect(after.size).toBe(248);
    for (const r of changed) expect(after.get(r.studentid)).toMatchObject({ status: 'Issuing' });
    for (const r of changed) expect(after.get(r.studentid)!.publicKey).toBeUndefined();
    for (const r of rows.filter((x) => !left.has(x.studentid)))
      expect(after.get(r.studentid)).toMatchObject({
        status: 'PK received',
        publicKey: `key-${r.studentid}`,
      });

    // Again: every row has moved on, nothing is written and nothing is answered as moved.
    const again = await transitions.transitionRows(rows, ['Invite pending'], () => ({
      changes: { status: 'Hold' },
    }));
    expect(again.filter(Boolean)).toHaveLength(0);
  });

  it('copies the email as the key of rows still as read, and counts only those', async () => {
    const { orgId, cohortid, rows } = await cohortOf(120);
    // Claimed by an issue request after the rows were read: its status must not be overwritten.
    await setRow(orgId, cohortid, rows[60]!.studentid, { status: 'Issuing' });

    const updated = await store.updateRecipientItems(rows, (r) => ({
      publicKey: r.email,
      status: 'PK received',
    }));

    expect(updated).toBe(119);
    const after = await store.listCohortRows(orgId, cohortid, 'degree');
    expect(after.find((r) => r.studentid === rows[60]!.studentid)).toMatchObject({ status: 'Issuing' });
    expect(after.filter((r) => r.status === 'PK received' && r.publicKey === r.email)).toHaveLength(119);
  });

  // Generate's 'generated' marks (domain/workspace/generate.ts): a row without a certificate id is
  // rendered under the id its run names (certUuidFor) and takes it with its mark. A mark refused
  // because the row changed meanwhile is reported, and the PDF under an id the row did not take is
  // deleted; the PDF of a row's own id stays.
  it('a row takes the run-named id with its mark; a refused mark is reported and an untaken PDF deleted', async () => {
    const { orgId, cohortid, rows } = await cohortOf(4);
    const [s0, s1, s2, s3] = rows.map((r) => r.studentid) as [string, string, string, string];
    for (const s of [s0, s1, s2]) await setRow(orgId, cohortid, s, { status: 'PK received' });
    // The fourth was generated before: it keeps its id.
    const kept = randomUUID();
    await setRow(orgId, cohortid, s3, { status: 'generated', certUuid: kept });
    const read = await store.listCohortRows(orgId, cohortid, 'degree');
    const runId = randomUUID();
    const rendered = read.map((r) => ({ ...r, certUuid: r.certUuid ?? transitions.certUuidFor(runId, r) }));
    expect(rendered[3]!.certUuid).toBe(kept);
    expect(new Set(rendered.map((r) => r.certUuid)).size).toBe(4);
    const pdfKey = (id: string) => keys.objectKeys.generated(orgId, id, 'pdf');
    for (const r of rendered)
      await blobs.putObject('artefacts', pdfKey(r.certUuid), 'PDF', 'application/pdf');

    // Meanwhile another run generated the second under its own id, the third was deleted, and the
    // fourth went on to be issued.
    const other = transitions.certUuidFor(randomUUID(), rendered[1]!);
    await setRow(orgId, cohortid, s1, {
      status: 'generated',
      certUuid: other,
      generateRun: 'other',
    });
    await deleteRow(orgId, cohortid, s2);
    await setRow(orgId, cohortid, s3, { status: 'Issuing' });

    const at = new Date().toISOString();
    const mark = (rows: typeof rendered) =>
      transaction.writeEachConditional(
        rows.map((r) => transitions.generatedMarking(r, r.certUuid, runId, at, 0)),
      );
    const marked = await mark(rendered);
    expect(marked).toEqual([true, false, false, false]);
    const refused = rendered.filter((_, i) => !marked[i]);
    expect(await generate.refusedMarks(runId, refused)).toEqual([
      `${s1}: changed while generating`,
      `${s2}: the recipient no longer exists`,
      `${s3}: changed while generating`,
    ]);

    const after = new Map(
      (await store.listCohortRows(orgId, cohortid, 'degree')).map((r) => [r.studentid, r]),
    );
    expect(after.get(s0)).toMatchObject({
      status: 'generated',
      certUuid: rendered[0]!.certUuid,
      generateRun: runId,
    });
    expect(after.get(s1)).toMatchObject({ certUuid: other, generateRun: 'other' });
    const exists = async (id: string) => (await blobs.getObjectBytes('artefacts', pdfKey(id))) !== undefined;
    expect(await exists(rendered[0]!.certUuid)).toBe(true);
    expect(await exists(rendered[1]!.certUuid)).toBe(false);
    expect(await exists(rendered[2]!.certUuid)).toBe(false);
    expect(await exists(kept)).toBe(true);

    // The chunk delivered again: the first is refused (this run marked it) and is no error; its PDF
    // stays.
    expect(await mark([rendered[0]!])).toEqual([false]);
    expect(await generate.refusedMarks(runId, [rendered[0]!])).toEqual([]);
    expect(await exists(rendered[0]!.certUuid)).toBe(true);
  });
});
